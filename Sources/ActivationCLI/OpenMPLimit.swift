import Foundation

/// Makes sure this process runs with `OMP_THREAD_LIMIT=1`, re-executing it once if not.
enum OpenMPLimit {
    static func ensure() {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        let args = CommandLine.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) }
        argv.append(nil)
        execv("/proc/self/exe", &argv)
        // execv returned: carry on in this process, with OpenMP's defaults.
        for p in argv { free(p) }
    }
}
