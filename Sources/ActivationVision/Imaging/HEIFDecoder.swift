internal import CHeif

/// Reads HEIC/HEIF (what iPhones save) through libheif: the header first, pixels only
/// within the budget. libheif applies the file's rotation and mirroring itself.
/// Blocks the calling thread while decoding; safe to use from several threads at once.
package enum HEIFDecoder {
    /// The primary image's size, its EXIF block (if any), and the pixels when `decode` is set.
    package static func read(
        _ bytes: [UInt8], budget: PixelBudget, decode: Bool = true
    ) throws(ImageLoadError) -> (width: Int, height: Int, exif: EXIFMetadata, image: Image?) {
        guard let ctx = heif_context_alloc() else { throw .corrupt(.heic, "libheif could not start") }
        defer { heif_context_free(ctx) }
        let readError = bytes.withUnsafeBytes { buffer in
            heif_context_read_from_memory_without_copy(ctx, buffer.baseAddress, buffer.count, nil)
        }
        guard readError.code == heif_error_Ok else { throw .corrupt(.heic, message(readError)) }
        var handle: OpaquePointer?
        let handleError = heif_context_get_primary_image_handle(ctx, &handle)
        guard handleError.code == heif_error_Ok, let handle else { throw .corrupt(.heic, message(handleError)) }
        defer { heif_image_handle_release(handle) }
        let width = Int(heif_image_handle_get_width(handle))
        let height = Int(heif_image_handle_get_height(handle))
        try budget.check(width: width, height: height, format: .heic)
        var exif = exifBlock(handle)
        exif.orientation = 1
        guard decode else { return (width, height, exif, nil) }
        var img: OpaquePointer?
        let decodeError = heif_decode_image(handle, &img, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
        guard decodeError.code == heif_error_Ok, let img else { throw .corrupt(.heic, message(decodeError)) }
        defer { heif_image_release(img) }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride) else {
            throw .corrupt(.heic, "no pixel plane")
        }
        let w = Int(heif_image_get_width(img, heif_channel_interleaved))
        let h = Int(heif_image_get_height(img, heif_channel_interleaved))
        guard let image = Image.fromPacked(plane, width: w, height: h, rowBytes: Int(stride), channels: 3) else {
            throw .corrupt(.heic, "could not allocate \(w)×\(h)")
        }
        return (w, h, exif, image)
    }

    private static func message(_ error: heif_error) -> String {
        error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
    }

    /// The first EXIF block's metadata. HEIF prefixes it with a 4-byte offset to the TIFF header.
    private static func exifBlock(_ handle: OpaquePointer) -> EXIFMetadata {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return EXIFMetadata() }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size < 1 << 20 else { return EXIFMetadata() }
        var block = [UInt8](repeating: 0, count: size)
        let err = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        guard err.code == heif_error_Ok else { return EXIFMetadata() }
        let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard 4 + offset < block.count else { return EXIFMetadata() }
        return EXIFMetadata.parse(tiff: block[(4 + offset)...])
    }
}
