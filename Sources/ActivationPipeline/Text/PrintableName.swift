/// A file name made safe to print: for a terminal, and for a log. Pure.
///
/// A name may hold anything the file system accepts: ESC and BEL (which retitle a terminal's
/// window or clear its screen), a newline (which would forge an output line), right-to-left
/// overrides. In text output such a name is quoted as GNU `ls` quotes it on a terminal, in the
/// shell's `$'…'` form (`$'a\nb.png'`), which a shell reads back as the same name; a name
/// without such characters prints as it is. JSON output stays exact: its encoder escapes them.
/// A log also hides the identifiers a name may carry: every run of 9 digits or more keeps its
/// first 8 (the TAC of an IMEI) and the rest becomes `*******`, as the service's logs mask IMEIs.
public enum PrintableName {
    /// `name` as it is when every character prints, else quoted as `$'…'`.
    public static func terminal(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: needsQuoting) else { return name }
        var out = "$'"
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{1B}": out += "\\e"
            case "\u{07}": out += "\\a"
            case _ where FileSystemName.escapedByte(scalar) != nil:
                out += "\\x" + hex(UInt32(FileSystemName.escapedByte(scalar) ?? 0), width: 2)
            case _ where needsQuoting(scalar):
                out += scalar.value <= 0xFF ? "\\x" + hex(scalar.value, width: 2) : "\\u" + hex(scalar.value, width: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// `name` for a log line: its digit runs masked as the service's logs mask them
    /// (``IMEIMask/maskingDigitRuns(_:)``), then quoted as for a terminal.
    public static func log(_ name: String) -> String {
        terminal(IMEIMask.maskingDigitRuns(name))
    }

    /// Control characters (C0, DEL, C1), line and paragraph separators, and the bidirectional
    /// overrides and isolates that reorder what follows them on screen.
    static func needsQuoting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x10FF80...0x10FFFF: true  // a byte of a name that is not UTF-8 (FileSystemName)
        default: false
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
