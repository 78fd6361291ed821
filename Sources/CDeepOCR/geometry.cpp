// CDeepOCR's pixel geometry, as RapidOCR 3.10 does it in Python: the resize before each network, DB
// post-processing of the detector's probability map into boxes, and each box cut out and warped upright
// for the recogniser. See deepocr_geometry.h. OpenCV's imgproc does the dilation, the connected
// components, the convex hull, the minimum-area rectangle, the perspective transform's solution and the
// quarter and half turns. Two pixel samplers stay written here, because OpenCV's moved the reader's
// measured outputs: the bilinear resize (OpenCV's weights are float, or 11-bit on 8-bit pixels) and the
// bicubic warp (OpenCV rounds its sample positions to 1/32 px). With them every output of the reader on
// the samples and the three dev corpora is byte-identical to the hand-written C's before the move.
// No exception leaves this file: every OpenCV failure (out of memory, a size it refuses) becomes -1.
#include "deepocr_geometry.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace {
/// DB post-processing as RapidOCR's defaults for PP-OCRv6: pixels above 0.3 are text; a box whose
/// mean probability is under 0.5 is dropped; a kept box grows by area * 1.6 / perimeter on each side.
constexpr float kTextThreshold = 0.3f, kBoxThreshold = 0.5f, kUnclipRatio = 1.6f;
/// At most this many candidate regions per page (RapidOCR's max_candidates).
constexpr int kMaxCandidates = 1000;

/// `items` sorted by `before`, equal ones kept in their order (an insertion sort: a handful of items, or
/// boxes already nearly in order).
template <typename T, typename Before> void insertionSort(T *items, size_t n, Before before) {
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && before(items[j], items[j - 1]); j--) std::swap(items[j], items[j - 1]);
}

/// OpenCV told, once per process, to run on the calling thread: the reader's workers are the parallelism
/// (as CScreenQuad and CKYCVision do).
void serial() {
    static const bool once = (cv::setNumThreads(1), true);
    (void)once;
}

/// `im`'s pixels as an OpenCV matrix, sharing its memory (read only where `im` is const).
cv::Mat wrap(const CDeepOCRImage *im) {
    return cv::Mat(im->h, im->w, im->c == 1 ? CV_8UC1 : CV_8UC3, static_cast<void *>(im->px));
}

/// A malloc'd w x h image of c channels and an OpenCV matrix over its pixels, for OpenCV to write into.
bool allocate(CDeepOCRImage *im, int w, int h, int c, cv::Mat *mat) {
    im->px = static_cast<unsigned char *>(std::malloc(static_cast<size_t>(w) * h * c));
    if (!im->px) return false;
    im->w = w, im->h = h, im->c = c;
    *mat = wrap(im);
    return true;
}

/// The rectangle's corners in RapidOCR's order (get_mini_boxes: the two leftmost, upper first, then
/// the two rightmost, upper first, listed top-left, top-right, bottom-right, bottom-left).
void miniBox(const cv::RotatedRect &r, cv::Point2f out[4]) {
    cv::Point2f p[4];
    r.points(p);
    std::sort(p, p + 4, [](cv::Point2f a, cv::Point2f b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    int i1 = p[1].y > p[0].y ? 0 : 1, i4 = 1 - i1;
    int i2 = p[3].y > p[2].y ? 2 : 3, i3 = 5 - i2;
    out[0] = p[i1], out[1] = p[i2], out[2] = p[i3], out[3] = p[i4];
}

/// The mean probability over the map's pixels inside the quadrilateral, its edges included (its corners
/// truncated to whole pixels, as RapidOCR's box_score_fast; a pixel on an edge counts, where OpenCV's
/// fillPoly would leave some out, and a thin line's score with them).
double boxScore(const cv::Mat &pred, const cv::Point2f q[4]) {
    float xmn = q[0].x, xmx = q[0].x, ymn = q[0].y, ymx = q[0].y;
    for (int i = 1; i < 4; i++) {
        xmn = std::min(xmn, q[i].x), xmx = std::max(xmx, q[i].x);
        ymn = std::min(ymn, q[i].y), ymx = std::max(ymx, q[i].y);
    }
    int x0 = std::clamp(static_cast<int>(std::floor(xmn)), 0, pred.cols - 1);
    int x1 = std::clamp(static_cast<int>(std::ceil(xmx)), 0, pred.cols - 1);
    int y0 = std::clamp(static_cast<int>(std::floor(ymn)), 0, pred.rows - 1);
    int y1 = std::clamp(static_cast<int>(std::ceil(ymx)), 0, pred.rows - 1);
    double vx[4], vy[4], area2 = 0;
    for (int i = 0; i < 4; i++) vx[i] = static_cast<int>(q[i].x - x0) + x0, vy[i] = static_cast<int>(q[i].y - y0) + y0;
    for (int i = 0; i < 4; i++) area2 += vx[i] * vy[(i + 1) % 4] - vx[(i + 1) % 4] * vy[i];
    double sign = area2 >= 0 ? 1 : -1, sum = 0;
    long count = 0;
    for (int y = y0; y <= y1; y++) {
        const float *row = pred.ptr<float>(y);
        for (int x = x0; x <= x1; x++) {
            bool inside = true;
            for (int i = 0, j = 1; i < 4 && inside; i++, j = (i + 1) % 4)
                inside = sign * ((vx[j] - vx[i]) * (y - vy[i]) - (vy[j] - vy[i]) * (x - vx[i])) >= -1e-9;
            if (inside) sum += row[x], count++;
        }
    }
    return count ? sum / count : 0;
}

/// Corners as top-left, top-right, bottom-right, bottom-left: the two leftmost (upper first) and the two
/// rightmost.
void orderClockwise(cv::Point2f q[4]) {
    cv::Point2f p[4] = {q[0], q[1], q[2], q[3]};
    insertionSort(p, 4, [](cv::Point2f a, cv::Point2f b) { return a.x < b.x; });
    if (p[1].y < p[0].y) std::swap(p[0], p[1]);
    if (p[3].y < p[2].y) std::swap(p[2], p[3]);
    q[0] = p[0], q[1] = p[2], q[2] = p[3], q[3] = p[1];
}

/// One region's box in dest_w x dest_h pixels, or false when it is too small or too faint to be a line.
bool regionBox(const cv::Mat &pred, const std::vector<cv::Point> &outline, int dest_w, int dest_h, CDeepOCRBox *b) {
    std::vector<cv::Point> hull;
    cv::convexHull(outline, hull);
    cv::RotatedRect rect = cv::minAreaRect(hull);
    cv::Point2f q[4];
    miniBox(rect, q);
    if (std::min(rect.size.width, rect.size.height) < 3) return false;
    double score = boxScore(pred, q);
    if (score < kBoxThreshold) return false;
    // A rectangle offset outwards by area * ratio / perimeter is the same rectangle grown on every side.
    double d = double(rect.size.width) * rect.size.height * kUnclipRatio / (2 * (double(rect.size.width) + rect.size.height));
    rect.size.width += static_cast<float>(2 * d);
    rect.size.height += static_cast<float>(2 * d);
    if (std::min(rect.size.width, rect.size.height) < 5) return false;
    miniBox(rect, q);
    for (int i = 0; i < 4; i++) {
        q[i].x = static_cast<float>(std::clamp(std::rint(double(q[i].x) / pred.cols * dest_w), 0.0, double(dest_w)));
        q[i].y = static_cast<float>(std::clamp(std::rint(double(q[i].y) / pred.rows * dest_h), 0.0, double(dest_h)));
    }
    orderClockwise(q);
    for (int i = 0; i < 4; i++) {
        b->x[i] = static_cast<float>(static_cast<int>(std::clamp(q[i].x, 0.f, float(dest_w - 1))));
        b->y[i] = static_cast<float>(static_cast<int>(std::clamp(q[i].y, 0.f, float(dest_h - 1))));
    }
    if (static_cast<int>(std::hypot(b->x[0] - b->x[1], b->y[0] - b->y[1])) <= 3 ||
        static_cast<int>(std::hypot(b->x[0] - b->x[3], b->y[0] - b->y[3])) <= 3)
        return false;
    b->score = static_cast<float>(score);
    return true;
}

/// One axis of a bilinear resize from `from` pixels to `to`: each output pixel's first source pixel, the
/// second's (the first again at an edge) and the second's weight. Half-pixel centres, edges clamped.
struct LinearTaps {
    std::vector<int> first, second;
    std::vector<float> weight;
    LinearTaps(int from, int to) : first(to), second(to), weight(to) {
        double scale = double(from) / to;
        for (int i = 0; i < to; i++) {
            double position = (i + 0.5) * scale - 0.5;
            int at = static_cast<int>(std::floor(position));
            double w = position - at;
            if (at < 0) at = 0, w = 0;
            if (at >= from - 1) at = from - 1, w = 0;
            first[i] = at, second[i] = w > 0 ? at + 1 : at, weight[i] = static_cast<float>(w);
        }
    }
};

/// `src` resized to `dst`'s size, bilinear as OpenCV's INTER_LINEAR, its weights computed in double and
/// the pixels mixed in float, rounded once. Hand-written on purpose: cv::resize's 8-bit path rounds its
/// weights to 11 bits, which loses faint strokes of small lines scaled up several times, and its float
/// path computes the weights in float, which moved 4 of the reader's measured boxes by a pixel.
void resizeLinear(const cv::Mat &src, cv::Mat &dst) {
    const int channels = src.channels();
    LinearTaps across(src.cols, dst.cols), down(src.rows, dst.rows);
    for (int y = 0; y < dst.rows; y++) {
        const unsigned char *upper = src.ptr<unsigned char>(down.first[y]), *lower = src.ptr<unsigned char>(down.second[y]);
        const float b = down.weight[y];
        unsigned char *out = dst.ptr<unsigned char>(y);
        for (int x = 0; x < dst.cols; x++) {
            const int i = across.first[x] * channels, j = across.second[x] * channels;
            const float a = across.weight[x];
            for (int c = 0; c < channels; c++) {
                float top = upper[i + c] * (1 - a) + upper[j + c] * a, bottom = lower[i + c] * (1 - a) + lower[j + c] * a;
                out[x * channels + c] = cv::saturate_cast<unsigned char>(top * (1 - b) + bottom * b);
            }
        }
    }
}

/// Keys' cubic kernel with a = -0.75, OpenCV's INTER_CUBIC weights.
float cubicWeight(float x) {
    const float a = -0.75f;
    x = std::fabs(x);
    if (x <= 1) return ((a + 2) * x - (a + 3)) * x * x + 1;
    if (x < 2) return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
    return 0;
}

/// `dst` (its size and type already set) sampled from `src` through `toSource`, the perspective map of
/// each destination pixel onto the source: bicubic, the edges replicated. cv::warpPerspective does the
/// same with its sample positions rounded to 1/32 px, which moved the confidences of 8 of the reader's
/// photo and box-label files by up to 0.025 and their boxes by a pixel; here they are exact, as the
/// reader's outputs were measured.
void warpCubic(const cv::Mat &src, const cv::Matx33d &toSource, cv::Mat &dst) {
    const cv::Matx33d &m = toSource;
    const int channels = src.channels();
    for (int v = 0; v < dst.rows; v++) {
        unsigned char *out = dst.ptr<unsigned char>(v);
        for (int u = 0; u < dst.cols; u++, out += channels) {
            double z = m(2, 0) * u + m(2, 1) * v + m(2, 2);
            double x = (m(0, 0) * u + m(0, 1) * v + m(0, 2)) / z, y = (m(1, 0) * u + m(1, 1) * v + m(1, 2)) / z;
            if (!std::isfinite(x) || !std::isfinite(y)) x = y = 0;
            x = std::clamp(x, -2.0, double(src.cols + 1)), y = std::clamp(y, -2.0, double(src.rows + 1));
            int ix = static_cast<int>(std::floor(x)), iy = static_cast<int>(std::floor(y));
            float wx[4], wy[4];
            for (int k = 0; k < 4; k++)
                wx[k] = cubicWeight(static_cast<float>(x - ix) - (k - 1)), wy[k] = cubicWeight(static_cast<float>(y - iy) - (k - 1));
            for (int c = 0; c < channels; c++) {
                float sum = 0;
                for (int j = 0; j < 4; j++) {
                    const unsigned char *row = src.ptr<unsigned char>(std::clamp(iy + j - 1, 0, src.rows - 1));
                    float across = 0;
                    for (int i = 0; i < 4; i++) across += wx[i] * row[std::clamp(ix + i - 1, 0, src.cols - 1) * channels + c];
                    sum += wy[j] * across;
                }
                out[c] = cv::saturate_cast<unsigned char>(sum);
            }
        }
    }
}

/// Reading order: by top, then left to right within lines whose tops differ by under 10 pixels.
void readingOrder(std::vector<CDeepOCRBox> &boxes) {
    insertionSort(boxes.data(), boxes.size(), [](const CDeepOCRBox &a, const CDeepOCRBox &b) { return a.y[0] < b.y[0]; });
    std::vector<int> line(boxes.size(), 0);
    for (size_t i = 1; i < boxes.size(); i++) line[i] = line[i - 1] + (boxes[i].y[0] - boxes[i - 1].y[0] >= 10);
    for (size_t i = 1; i < boxes.size(); i++)
        for (size_t j = i; j > 0 && line[j] == line[j - 1] && boxes[j].x[0] < boxes[j - 1].x[0]; j--)
            std::swap(boxes[j], boxes[j - 1]);
}
}  // namespace

extern "C" {

int CDeepOCR_resize(const CDeepOCRImage *src, CDeepOCRImage *dst, int dw, int dh) {
    dst->px = nullptr;
    try {
        cv::Mat out;
        if (!allocate(dst, dw, dh, src->c, &out)) return -1;
        resizeLinear(wrap(src), out);
        return 0;
    } catch (...) {
        CDeepOCR_image_free(dst);
        return -1;
    }
}

int CDeepOCR_db_boxes(const float *pred, int W, int H, int dest_w, int dest_h, CDeepOCRBox **out) {
    *out = nullptr;
    try {
        serial();
        cv::Mat map(H, W, CV_32F, const_cast<float *>(pred));
        cv::Mat mask;
        // Text pixels, dilated by a 2 x 2 kernel (RapidOCR's use_dilation) towards the top left.
        cv::dilate(map > kTextThreshold, mask, cv::Mat::ones(2, 2, CV_8U));
        cv::Mat labels, stats, centres;
        int regions = cv::connectedComponentsWithStats(mask, labels, stats, centres, 8, CV_32S);
        std::vector<CDeepOCRBox> boxes;
        std::vector<cv::Point> outline;
        for (int id = 1; id < regions && id <= kMaxCandidates; id++) {
            // Each row's leftmost and rightmost pixel: the region's convex hull is theirs.
            int left = stats.at<int>(id, cv::CC_STAT_LEFT), top = stats.at<int>(id, cv::CC_STAT_TOP);
            int width = stats.at<int>(id, cv::CC_STAT_WIDTH), height = stats.at<int>(id, cv::CC_STAT_HEIGHT);
            outline.clear();
            for (int y = top; y < top + height; y++) {
                const int *row = labels.ptr<int>(y);
                int lo = left, hi = left + width - 1;
                while (lo <= hi && row[lo] != id) lo++;
                while (hi >= lo && row[hi] != id) hi--;
                if (lo > hi) continue;
                outline.emplace_back(lo, y);
                if (hi != lo) outline.emplace_back(hi, y);
            }
            CDeepOCRBox b;
            if (regionBox(map, outline, dest_w, dest_h, &b)) boxes.push_back(b);
        }
        readingOrder(boxes);
        if (boxes.empty()) return 0;
        *out = static_cast<CDeepOCRBox *>(std::malloc(sizeof(CDeepOCRBox) * boxes.size()));
        if (!*out) return -1;
        std::memcpy(*out, boxes.data(), sizeof(CDeepOCRBox) * boxes.size());
        return static_cast<int>(boxes.size());
    } catch (...) {
        std::free(*out);
        *out = nullptr;
        return -1;
    }
}

int CDeepOCR_crop(const CDeepOCRImage *img, const CDeepOCRBox *b, int turn, CDeepOCRImage *out) {
    out->px = nullptr;
    if (!CDeepOCR_valid(img)) return -1;
    double cw = std::max(std::hypot(b->x[0] - b->x[1], b->y[0] - b->y[1]), std::hypot(b->x[2] - b->x[3], b->y[2] - b->y[3]));
    double ch = std::max(std::hypot(b->x[0] - b->x[3], b->y[0] - b->y[3]), std::hypot(b->x[1] - b->x[2], b->y[1] - b->y[2]));
    if (!(cw >= 1 && ch >= 1 && cw <= CDEEPOCR_MAX_SIDE && ch <= CDEEPOCR_MAX_SIDE)) return -1;
    int w = static_cast<int>(cw), h = static_cast<int>(ch);
    try {
        serial();
        cv::Point2f corners[4], upright[4] = {{0, 0}, {float(w), 0}, {float(w), float(h)}, {0, float(h)}};
        for (int i = 0; i < 4; i++) corners[i] = cv::Point2f(b->x[i], b->y[i]);
        cv::Matx33d toSource = cv::getPerspectiveTransform(upright, corners);
        cv::Mat line, turned;
        if (!allocate(out, turn ? h : w, turn ? w : h, img->c, turn ? &turned : &line)) return -1;
        // Straight into the result's pixels, unless a vertical line is turned counter-clockwise after.
        if (turn) line.create(h, w, turned.type());
        warpCubic(wrap(img), toSource, line);
        if (turn) cv::rotate(line, turned, cv::ROTATE_90_COUNTERCLOCKWISE);
        return 0;
    } catch (...) {
        CDeepOCR_image_free(out);
        return -1;
    }
}

void CDeepOCR_turn_half(CDeepOCRImage *im) {
    if (!CDeepOCR_valid(im)) return;
    try {
        serial();
        cv::Mat pixels = wrap(im);
        cv::flip(pixels.clone(), pixels, -1);
    } catch (...) {
        // Out of memory for the copy: the image stays as it was.
    }
}

}  // extern "C"
