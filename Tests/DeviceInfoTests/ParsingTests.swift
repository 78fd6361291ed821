import DeviceInfo
import Testing

@Suite struct CPUInfoTests {
    @Test func findsTheHypervisorFlag() {
        let text = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            flags\t\t: fpu vme de pse tsc msr hypervisor lahf_lm

            processor\t: 1
            flags\t\t: fpu vme de pse tsc msr hypervisor lahf_lm
            """
        #expect(CPUInfo.hasHypervisorFlag(text) == true)
    }

    @Test func bareMetalHasFlagsWithoutHypervisor() {
        #expect(CPUInfo.hasHypervisorFlag("processor\t: 0\nflags\t\t: fpu vme de pse hypervisorx\n") == false)
    }

    @Test func saysNothingWithoutAFlagsLine() {
        #expect(CPUInfo.hasHypervisorFlag("processor\t: 0\nFeatures\t: fp asimd evtstrm\n") == nil)
    }
}

@Suite struct ProcStatusTests {
    @Test func readsTracerPid() {
        #expect(ProcStatus.tracerPID("Name:\tactivation\nState:\tR (running)\nTracerPid:\t4242\nUid:\t0\t0\t0\t0\n") == 4242)
        #expect(ProcStatus.tracerPID("Name:\tx\nTracerPid:\t0\n") == 0)
        #expect(ProcStatus.tracerPID("Name:\tx\n") == nil)
    }
}

@Suite struct UptimeTests {
    @Test(arguments: [
        ("12345.67 2345.89\n", 12_345_670),
        ("4.35 1.00", 4_350),
        ("0.29 0.10", 290),
        ("12.3456 1.0", 12_345),
        ("7 1", 7_000),
    ])
    func convertsToMillisecondsExactly(_ text: String, _ expected: Int) {
        #expect(Uptime.milliseconds(text) == expected)
    }

    @Test(arguments: ["", "abc 1.0", "-1.5 2.0", "1.x 2", "1. 2"])
    func refusesNonNumbers(_ text: String) {
        #expect(Uptime.milliseconds(text) == nil)
    }
}

@Suite struct OSReleaseTests {
    @Test func readsVersionID() {
        #expect(OSRelease.versionID("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nVERSION_ID=\"12\"\n") == "12")
        #expect(OSRelease.versionID("NAME=Ubuntu\nVERSION_ID=22.04\n") == "22.04")
        #expect(OSRelease.versionID("NAME=Debian\nVERSION_CODENAME=trixie\n") == nil)
    }
}

@Suite struct LocaleLanguageTests {
    @Test func followsPOSIXPrecedence() {
        #expect(LocaleLanguage.language(from: ["LANG": "en_US.UTF-8", "LC_ALL": "pt_BR.UTF-8"]) == "pt")
        #expect(LocaleLanguage.language(from: ["LANG": "hi_IN.UTF-8", "LC_MESSAGES": "es_MX"]) == "es")
        #expect(LocaleLanguage.language(from: ["LANG": "de_DE@euro", "LC_ALL": ""]) == "de")
    }

    @Test(arguments: ["C", "POSIX", "C.UTF-8", "fil_PH.UTF-8", "1a_XX"])
    func hasNoLanguageForNonLanguageLocales(_ value: String) {
        #expect(LocaleLanguage.language(from: ["LANG": value]) == nil)
    }

    @Test func isNilWhenNothingIsSet() {
        #expect(LocaleLanguage.language(from: [:]) == nil)
    }
}

@Suite struct TimeZoneOffsetTests {
    @Test(arguments: [
        (-10_800, "-03"),
        (0, "+00"),
        (3_600, "+01"),
        (19_800, "+05:30"),
        (20_700, "+05:45"),
        (-12_600, "-03:30"),
        (50_400, "+14"),
    ])
    func writesBelvoStyle(_ seconds: Int, _ expected: String) {
        #expect(TimeZoneOffset.format(secondsFromGMT: seconds) == expected)
    }
}

@Suite struct CgroupHintsTests {
    @Test func recognisesRuntimes() {
        #expect(CgroupHints.containerMarker("12:pids:/docker/3f2a\n0::/\n") == "docker")
        #expect(CgroupHints.containerMarker("0::/kubepods.slice/kubepods-burstable.slice/cri-containerd-ab.scope\n") == "kubepods")
        #expect(CgroupHints.containerMarker("0::/machine.slice/libpod-9f.scope\n") == "libpod")
    }

    @Test func plainHostHasNoMarker() {
        #expect(CgroupHints.containerMarker("0::/init.scope\n") == nil)
        #expect(CgroupHints.containerMarker("0::/user.slice/user-1000.slice/session-2.scope\n") == nil)
    }
}

@Suite struct VirtualMachineVendorsTests {
    @Test(arguments: [
        (["sys_vendor": "QEMU", "product_name": "Standard PC (Q35 + ICH9, 2009)"], "qemu"),
        (["sys_vendor": "VMware, Inc.", "product_name": "VMware Virtual Platform"], "vmware"),
        (["sys_vendor": "innotek GmbH", "product_name": "VirtualBox"], "innotek"),
        (["sys_vendor": "Xen", "product_name": "HVM domU"], "xen"),
        (["sys_vendor": "Microsoft Corporation", "product_name": "Virtual Machine"], "virtual machine"),
        (["sys_vendor": "Google", "product_name": "Google Compute Engine"], "google compute engine"),
        (["sys_vendor": "Amazon EC2", "product_name": "m5.large"], "amazon ec2"),
        (["sys_vendor": "Red Hat", "product_name": "KVM"], "kvm"),
        (["sys_vendor": "OpenStack Foundation", "product_name": "OpenStack Nova"], "openstack"),
    ])
    func recognisesVirtualMachines(_ dmi: [String: String], _ expected: String) {
        #expect(VirtualMachineVendors.match(dmi) == expected)
    }

    @Test(arguments: [
        ["sys_vendor": "Microsoft Corporation", "product_name": "Surface Laptop 5"],
        ["sys_vendor": "Google", "product_name": "Eve"],
        ["sys_vendor": "Dell Inc.", "product_name": "XPS 13 9310", "bios_vendor": "Dell Inc."],
        ["sys_vendor": "LENOVO", "product_name": "20XW0055US", "board_name": "Xenon Board"],
    ])
    func leavesRealHardwareAlone(_ dmi: [String: String]) {
        #expect(VirtualMachineVendors.match(dmi) == nil)
    }
}
