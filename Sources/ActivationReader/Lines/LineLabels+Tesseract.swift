import ActivationVision

extension LineLabels {
    /// Tesseract's lines cut into the text lines the rule reads: a line is cut where the gap
    /// between two words is wider than `columnGap` line heights (a label column and a value
    /// column that Tesseract joined into one line). Pure.
    static func columns(_ lines: [OCRLine], columnGap: Double) -> [[OCRWord]] {
        lines.flatMap { line -> [[OCRWord]] in
            var pieces: [[OCRWord]] = []
            for word in line.words {
                if let last = pieces.last?.last,
                   Double(word.box.x - last.box.maxX) <= columnGap * Double(max(1, min(word.box.height, last.box.height))) {
                    pieces[pieces.count - 1].append(word)
                } else {
                    pieces.append([word])
                }
            }
            return pieces
        }
    }

    /// One column's words as a text line: every character carries its word's confidence (a
    /// space between two words, the lower of theirs).
    static func textBox(_ words: [OCRWord]) -> TextBox {
        var text = "", confidences: [Double] = []
        for (i, word) in words.enumerated() {
            if i > 0 {
                text += " "
                confidences.append(min(word.confidence, words[i - 1].confidence))
            }
            text += word.text
            confidences += Array(repeating: word.confidence, count: word.text.count)
        }
        let b = words.dropFirst().reduce(words.first?.box ?? PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.box) }
        let corners = [b.x, b.y, b.maxX, b.y, b.maxX, b.maxY, b.x, b.maxY].map(Double.init)
        return TextBox(text: text, corners: corners, confidences: confidences)
    }
}
