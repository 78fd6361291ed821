/// Recognises virtual machines and cloud instances from DMI strings. Pure logic.
///
/// Vendor names alone are not enough for makers of real hardware too: "Microsoft Corporation"
/// also makes Surface laptops and "Google" Chromebooks, so those match only with the product
/// their virtual machines report ("Virtual Machine", "Google Compute Engine"); "Amazon EC2" is
/// what EC2 instances report.
public enum VirtualMachineVendors {
    /// The DMI files read, under `/sys/class/dmi/id`.
    public static let fields = ["sys_vendor", "product_name", "product_version", "board_vendor", "board_name", "bios_vendor", "bios_version", "chassis_vendor"]

    /// Words that name a hypervisor wherever they appear as a whole word.
    static let words: Set<String> = ["qemu", "kvm", "vmware", "virtualbox", "innotek", "xen", "bochs", "bhyve", "parallels", "hvm"]

    /// Phrases that name a virtual platform wherever they appear.
    static let phrases = [
        "virtual machine", "amazon ec2", "google compute engine", "openstack", "digitalocean",
        "apple virtualization", "nutanix ahv", "alibaba cloud ecs", "ovirt", "rhev hypervisor",
        "cloud hypervisor", "firecracker",
    ]

    /// The first hypervisor word or phrase found in the DMI values (keyed by field name), nil
    /// when none matches.
    public static func match(_ dmi: [String: String]) -> String? {
        for field in fields {
            guard let value = dmi[field]?.lowercased(), !value.isEmpty else { continue }
            let tokens = value.split { !$0.isLetter && !$0.isNumber }.map(String.init)
            if let word = tokens.first(where: words.contains) {
                return word
            }
            if let phrase = phrases.first(where: value.contains) {
                return phrase
            }
        }
        return nil
    }
}
