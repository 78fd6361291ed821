import Foundation

/// Makes sure this process runs with `OMP_THREAD_LIMIT=1`, re-executing it once if not.
enum OpenMPLimit {
    static func ensure() {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // The arguments as the kernel gave them (a file name need not be UTF-8), not as Strings.
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv returned: carry on in this process, with OpenMP's defaults.
    }
}
