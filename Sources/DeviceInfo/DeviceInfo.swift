public enum DeviceInfo {}
