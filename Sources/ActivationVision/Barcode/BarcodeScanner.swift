internal import CZBar

/// Decodes the linear barcodes printed under IMEIs (Code 128 on `*#06#` dialogs and box
/// labels; Code 39 and Interleaved 2 of 5 on some labels; the EAN-13 that tells a box label
/// from a screen) with zbar.
///
/// Owns a zbar scanner: not thread-safe, one per worker. `scan` blocks while decoding.
public final class BarcodeScanner {
    private let scanner: OpaquePointer

    public init?() {
        guard let scanner = zbar_image_scanner_create() else { return nil }
        self.scanner = scanner
        // Every scan is of an upright picture (the page as read, turned if need be), whose
        // bars stand vertical: horizontal scan lines only, half zbar's default work.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, 0)
        configure(retailOnly: false, rowStep: 1)
    }

    /// Every symbology read, or only EAN-13 (a look for the retail code that marks a box
    /// label), on every `rowStep`-th row.
    private func configure(retailOnly: Bool, rowStep: Int) {
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in retailOnly ? [ZBAR_EAN13] : [ZBAR_CODE128, ZBAR_CODE39, ZBAR_I25, ZBAR_EAN13] {
            zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1)
        }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(rowStep))
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// Every barcode zbar finds in an 8-bit gray image, or with `retailOnly` only the EAN-13s;
    /// scanning every `rowStep`-th row (bars stand tall: a big photo's need not all be read).
    public func scan(_ image: Image, retailOnly: Bool = false, rowStep: Int = 1) -> [Barcode] {
        let custom = retailOnly || rowStep > 1
        if custom { configure(retailOnly: retailOnly, rowStep: max(1, rowStep)) }
        defer { if custom { configure(retailOnly: false, rowStep: 1) } }
        guard image.depth == 8, var pixels = image.packedBytes(), let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        let y800: UInt = 0x3030_3859  // fourcc "Y800": 8-bit gray
        zbar_image_set_format(zimage, y800)
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return pixels.withUnsafeMutableBytes { buffer -> [Barcode] in
            zbar_image_set_data(zimage, buffer.baseAddress, UInt(buffer.count), nil)
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var found: [Barcode] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let s = symbol {
                if let data = zbar_symbol_get_data(s) {
                    let ean = zbar_symbol_get_type(s) == ZBAR_EAN13
                    found.append(Barcode(text: String(cString: data), box: Self.box(of: s), isEAN13: ean))
                }
                symbol = zbar_symbol_next(s)
            }
            // zbar keeps no pointer into `pixels` after the scan: detach before they go.
            zbar_image_set_data(zimage, nil, 0, nil)
            return found
        }
    }

    private static func box(of symbol: OpaquePointer) -> PixelRect {
        let n = zbar_symbol_get_loc_size(symbol)
        guard n > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var xs: [Int] = [], ys: [Int] = []
        for i in 0..<n {
            xs.append(Int(zbar_symbol_get_loc_x(symbol, i)))
            ys.append(Int(zbar_symbol_get_loc_y(symbol, i)))
        }
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return PixelRect(x: x0, y: y0, width: (xs.max() ?? x0) - x0 + 1, height: (ys.max() ?? y0) - y0 + 1)
    }
}
