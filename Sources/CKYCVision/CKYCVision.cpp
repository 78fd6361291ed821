// The KYC checks' pixel measurements. See include/CKYCVision.h.
#include "CKYCVision.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
#include <unordered_map>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace {
/// The width the measurements are taken at, so that a scene measures the same at any size.
constexpr double kWorkingWidth = 1000;
/// A pixel at or above this is saturated.
constexpr int kSaturated = 245;
/// The halo's bright band and the dark level that print has.
constexpr int kHaloLow = 170;
constexpr int kDark = 120;
/// The smallest blob counted, as a share of the picture.
constexpr double kMinBlobShare = 0.0003;
/// The halo's required shares.
constexpr double kMinHalo = 0.6;
constexpr double kMaxDark = 0.05;
/// A reflection clips the sensor: at least `kMinClippedShare` of its blob is at `kClipped` or
/// more. A high-key scan's light print is near white but mostly not clipped: two real specimen
/// scans measured glare 35 and 37 from their light ground and white MRZ band (a US resident
/// card: 3 of its 21 blobs clipped half or more, now 63; a French identity card: none of its 6,
/// the MRZ band's 0.29, now 100), where a reflection's core is clipped throughout (the drawn
/// sample's 0.78).
constexpr int kClipped = 252;
constexpr double kMinClippedShare = 0.5;
/// A blob that fills at least this share of its upright bounding box is print, not a
/// reflection: a white panel, strip or line of a document lying square in the picture. A
/// reflection is round or ragged (an ellipse fills pi/4, 0.79, of its box).
constexpr double kPrintMinFill = 0.85;
/// The share of a screen's or print's outline that must lie on the picture's edges.
constexpr double kMinEdgeSupport = 0.55;
/// The share of a document's outline that must lie on the strong edges alone: a document on
/// something plain stands out from it by a clear step in brightness all round, while the hull
/// of its edges joined to wood grain, soil or a rug's weave runs along faint ones. Real
/// documents' outlines lie 0.26–1 on strong edges, drawn cards' 0.6–1, such hulls 0.07–0.22.
constexpr double kMinStrongSupport = 0.25;
/// A document's own outline inside the hull of its edges joined to something that runs off it
/// (grain, a seam, a cable): seen along `kOwnOutlineSupport` of its length or more, it covers
/// `kOwnOutlineMinArea` of the hull or more and shares two or three of its corners, each within
/// `kSharedCorner` of the short side.
constexpr double kOwnOutlineSupport = 0.9, kOwnOutlineMinArea = 0.8, kSharedCorner = 0.02;

/// `picture` as a gray copy `kWorkingWidth` pixels wide (area-averaged when shrinking).
cv::Mat working(const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes) {
    cv::Mat picture(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(rowBytes));
    double scale = kWorkingWidth / width;
    cv::Mat out;
    cv::resize(picture, out, cv::Size(), scale, scale, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
    return out;
}

/// `CKYCVision_Document`'s `specularShare` on the working copy `g`.
double specularShare(const cv::Mat &g) {
    cv::Mat saturated = g >= kSaturated;
    cv::morphologyEx(saturated, saturated, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5)));
    cv::Mat labels, stats, centroids;
    int n = cv::connectedComponentsWithStats(saturated, labels, stats, centroids, 8, CV_32S);
    const double total = double(g.rows) * g.cols;
    const cv::Mat near = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5));
    const cv::Mat far = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(17, 17));
    double share = 0;
    for (int i = 1; i < n; i++) {
        int x = stats.at<int>(i, cv::CC_STAT_LEFT), y = stats.at<int>(i, cv::CC_STAT_TOP);
        int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
        int area = stats.at<int>(i, cv::CC_STAT_AREA);
        if (area < kMinBlobShare * total) continue;
        if (x == 0 || y == 0 || x + w >= g.cols || y + h >= g.rows) continue;
        if (area >= kPrintMinFill * double(w) * h) continue;
        cv::Rect window(std::max(0, x - 12), std::max(0, y - 12), 0, 0);
        window.width = std::min(g.cols, x + w + 12) - window.x;
        window.height = std::min(g.rows, y + h + 12) - window.y;
        cv::Mat blob = labels(window) == i, inner, outer;
        cv::dilate(blob, inner, near);
        cv::dilate(blob, outer, far);
        cv::Mat ring = outer & ~inner;
        cv::Mat values = g(window);
        double ringCount = cv::countNonZero(ring);
        if (ringCount == 0) continue;
        double halo = cv::countNonZero(ring & (values >= kHaloLow) & (values < kSaturated)) / ringCount;
        double dark = cv::countNonZero(ring & (values < kDark)) / ringCount;
        double clipped = cv::countNonZero(blob & (values >= kClipped)) / double(area);
        if (halo >= kMinHalo && dark < kMaxDark && clipped >= kMinClippedShare) share += area / total;
    }
    return share;
}

/// The mean gradient (grey levels a pixel) under which a picture's strongest tiles hold no
/// crisp content: real documents' measure 8.8–56, a dim, soft card photo's 3.3, an empty
/// frame's under 1 (where noise alone would look sharp).
constexpr double kMinSharpGradient = 4;

/// The median of `values` (not empty), which it reorders: the mean of the two middle ones when
/// there is an even number.
template <typename T>
double median(std::vector<T> &values) {
    const auto middle = values.begin() + values.size() / 2;
    std::nth_element(values.begin(), middle, values.end());
    if (values.size() % 2) return *middle;
    return (double(*std::max_element(values.begin(), middle)) + *middle) / 2;
}

/// `CKYCVision_sharpness` on `g`: in tiles of 1/25 of the width, the standard deviation of the
/// 4-neighbour Laplacian over the mean gradient magnitude (Sobel, divided by 8); of the tenth of
/// the tiles with the strongest gradient (at least four), the median, scaled down in proportion
/// when their median gradient is under `kMinSharpGradient`.
double sharpness(const cv::Mat &g) {
    cv::Mat laplacian, gx, gy, magnitude;
    cv::Laplacian(g, laplacian, CV_32F, 1);
    cv::Sobel(g, gx, CV_32F, 1, 0, 3, 1.0 / 8);
    cv::Sobel(g, gy, CV_32F, 0, 1, 3, 1.0 / 8);
    cv::magnitude(gx, gy, magnitude);
    const int tile = std::max(8, g.cols / 25);
    std::vector<std::pair<double, double>> tiles;  // (mean gradient, Laplacian spread over it)
    for (int y = 1; y + tile <= g.rows - 1; y += tile) {
        for (int x = 1; x + tile <= g.cols - 1; x += tile) {
            const cv::Rect r(x, y, tile, tile);
            cv::Scalar mean, deviation;
            cv::meanStdDev(laplacian(r), mean, deviation);
            double gradient = cv::mean(magnitude(r))[0];
            tiles.emplace_back(gradient, deviation[0] / (gradient + 1e-3));
        }
    }
    if (tiles.empty()) return 0;
    std::sort(tiles.begin(), tiles.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    const size_t top = std::min(tiles.size(), std::max<size_t>(4, tiles.size() / 10));
    std::vector<double> gradients, ratios;
    for (size_t i = 0; i < top; i++) {
        gradients.push_back(tiles[i].first);
        ratios.push_back(tiles[i].second);
    }
    const double gradient = median(gradients);
    return median(ratios) * std::min(1.0, gradient / kMinSharpGradient);
}

/// The angle at `b` between `a` and `c`, in degrees.
double corner(cv::Point a, cv::Point b, cv::Point c) {
    cv::Point2d u = a - b, v = c - b;
    double cosine = (u.x * v.x + u.y * v.y) / std::max(1e-9, std::hypot(u.x, u.y) * std::hypot(v.x, v.y));
    return std::acos(std::clamp(cosine, -1.0, 1.0)) * 180.0 / CV_PI;
}

/// A convex four-sided outline found on the edge map, in the small picture's pixels.
struct Quad {
    std::vector<cv::Point> corners;
    double area;
};

/// The small copy's edge maps: the faint edges too (Canny 20, 60) and, when asked for, the
/// strong ones alone (Canny 40, 120), each made once for every outline measure.
struct EdgeMaps {
    cv::Mat faint, strong;

    EdgeMaps(const cv::Mat &blurred, bool withStrong) {
        cv::Canny(blurred, faint, 20, 60);
        if (withStrong) cv::Canny(blurred, strong, 40, 120);
    }
};

/// The convex four-sided outlines of the edge map `edges` (widened by a pixel) whose area is
/// between `minShare` and `maxShare` of the picture's: the hull of each edge contour, made
/// four-sided with a tolerance of 2, 3 or 4.5 % of its perimeter (as `CScreenQuad_find` does).
std::vector<Quad> quads(const cv::Mat &edgeMap, double minShare, double maxShare) {
    cv::Mat edges;
    cv::dilate(edgeMap, edges, cv::Mat());
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(edges, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    const double area = double(edgeMap.cols) * edgeMap.rows;
    std::vector<Quad> found;
    for (const auto &contour : contours) {
        std::vector<cv::Point> hull, quad;
        cv::convexHull(contour, hull);
        double a = cv::contourArea(hull);
        if (a < minShare * area || a > maxShare * area) continue;
        for (double tolerance : {0.02, 0.03, 0.045}) {
            cv::approxPolyDP(hull, quad, tolerance * cv::arcLength(hull, true), true);
            if (quad.size() <= 4) break;
        }
        if (quad.size() != 4 || !cv::isContourConvex(quad)) continue;
        found.push_back(Quad{quad, a});
    }
    return found;
}

/// The edges an outline is held against (`maps.faint`, or the strong ones alone), widened by
/// two pixels for a four-sided fit's corners.
cv::Mat supportingEdges(const cv::Mat &edgeMap) {
    cv::Mat edges;
    cv::dilate(edgeMap, edges, cv::Mat(), cv::Point(-1, -1), 2);
    return edges;
}

/// Whether `quad` is an outline seen along `share` of its length or more: a screen's or a
/// print's edge is straight and shows; the hull of a ragged contour (hair, shoulders, a
/// backdrop, wood grain joined to a card's edge) made four-sided does not.
bool supported(const Quad &quad, const cv::Mat &edges, double share = kMinEdgeSupport) {
    cv::Mat outline = cv::Mat::zeros(edges.size(), CV_8UC1);
    cv::polylines(outline, quad.corners, true, cv::Scalar(255), 1);
    double length = cv::countNonZero(outline);
    return length > 0 && cv::countNonZero(outline & edges) >= share * length;
}

/// `quads` from the largest down, in their order where areas are equal: the first one that
/// passes a test is the largest that does, and the costly test (`supported`) runs only until then.
std::vector<Quad> largestFirst(const std::vector<Quad> &quads) {
    std::vector<size_t> order(quads.size());
    for (size_t i = 0; i < order.size(); i++) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return quads[a].area != quads[b].area ? quads[a].area > quads[b].area : a < b;
    });
    std::vector<Quad> sorted;
    sorted.reserve(quads.size());
    for (size_t i : order) sorted.push_back(quads[i]);
    return sorted;
}

/// The corners of `quad` within `tolerance` pixels of one of `other`'s.
int sharedCorners(const Quad &quad, const Quad &other, double tolerance) {
    int shared = 0;
    for (const auto &p : quad.corners) {
        for (const auto &q : other.corners) {
            if (std::hypot(double(p.x - q.x), double(p.y - q.y)) <= tolerance) {
                shared++;
                break;
            }
        }
    }
    return shared;
}

/// The document's own outline when `hull` (the largest supported one of `sorted`, at `index`) is
/// its edges joined to something running off it: a card filling the frame on grained wood is
/// one contour with the grain at a corner or two, which the hull follows to the picture's edge,
/// while its own outline, found alone on the other edge map, is a smaller candidate that keeps
/// the hull's other corners. Else `hull`.
const Quad &ownOutline(const std::vector<Quad> &sorted, size_t index, const cv::Mat &edges, double shortSide) {
    const Quad &hull = sorted[index];
    for (size_t k = index + 1; k < sorted.size() && sorted[k].area >= kOwnOutlineMinArea * hull.area; k++) {
        const int shared = sharedCorners(sorted[k], hull, kSharedCorner * shortSide);
        if (shared >= 2 && shared <= 3 && supported(sorted[k], edges, kOwnOutlineSupport)) return sorted[k];
    }
    return hull;
}

/// `picture` shrunk to 640 px on its long side and smoothed (5×5 Gaussian), and the scale.
cv::Mat smallBlurred(const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes, double &scale) {
    cv::Mat picture(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(rowBytes));
    scale = std::min(1.0, 640.0 / std::max(width, height));
    cv::Mat small, blurred;
    cv::resize(picture, small, cv::Size(), scale, scale, cv::INTER_AREA);
    cv::GaussianBlur(small, blurred, cv::Size(5, 5), 0);
    return blurred;
}

/// `CKYCVision_Document`'s `outline` on the small copy `blurred` and its edge maps.
CKYCVision_Outline outline(const cv::Mat &blurred, const EdgeMaps &maps) {
    const double area = double(blurred.cols) * blurred.rows;
    // The largest supported outline, on the faint edges and on the strong ones alone: a card
    // on a grained table shows whole only where the grain's weaker edges drop out.
    const cv::Mat edges = supportingEdges(maps.faint);
    std::vector<Quad> candidates = quads(maps.faint, 0.03, 0.95);
    for (const auto &quad : quads(maps.strong, 0.03, 0.95)) candidates.push_back(quad);
    const std::vector<Quad> sorted = largestFirst(candidates);
    const Quad *chosen = nullptr;
    for (size_t k = 0; k < sorted.size() && chosen == nullptr; k++) {
        if (supported(sorted[k], edges)) chosen = &ownOutline(sorted, k, edges, std::min(blurred.cols, blurred.rows));
    }
    // A document's own outline, not its edges joined to a textured surround.
    if (chosen == nullptr || !supported(*chosen, supportingEdges(maps.strong), kMinStrongSupport)) {
        return CKYCVision_Outline{0, 0, 0, 0};
    }
    const std::vector<cv::Point> &best = chosen->corners;
    // A document on something plain: few edges outside the outline, many inside.
    cv::Mat mask = cv::Mat::zeros(blurred.size(), CV_8UC1), inner, outer;
    cv::fillConvexPoly(mask, best, cv::Scalar(255));
    const cv::Mat ring = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(9, 9));
    cv::erode(mask, inner, ring);
    cv::dilate(mask, outer, ring);
    const cv::Mat &detail = maps.strong;
    cv::Mat outside = outer == 0;
    double outsideCount = cv::countNonZero(outside), insideCount = cv::countNonZero(inner);
    if (outsideCount < 0.1 * area || insideCount == 0) return CKYCVision_Outline{0, 0, 0, 0};
    double densityOutside = cv::countNonZero(detail & outside) / outsideCount;
    double densityInside = cv::countNonZero(detail & inner) / insideCount;
    if (densityOutside >= 0.2 * densityInside) return CKYCVision_Outline{0, 0, 0, 0};
    double deviation = 0, margin = 1e9;
    for (size_t i = 0; i < 4; i++) {
        deviation = std::max(deviation, std::fabs(90 - corner(best[(i + 3) % 4], best[i], best[(i + 1) % 4])));
        margin = std::min({margin, double(best[i].x), double(best[i].y), double(blurred.cols - 1 - best[i].x),
                           double(blurred.rows - 1 - best[i].y)});
    }
    return CKYCVision_Outline{1, chosen->area / area, deviation, std::max(0.0, margin) / std::min(blurred.cols, blurred.rows)};
}
}  // namespace

extern "C" double CKYCVision_enclosingOutline(
    const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes, int32_t x, int32_t y, int32_t w, int32_t h) {
    if (width < 16 || height < 16 || rowBytes < width || w <= 0 || h <= 0) return -1;
    try {
        cv::setNumThreads(1);
        double scale = 1;
        cv::Mat blurred = smallBlurred(gray, width, height, rowBytes, scale);
        const double area = double(blurred.cols) * blurred.rows;
        const cv::Point2f box[4] = {
            {float(x * scale), float(y * scale)}, {float((x + w) * scale), float(y * scale)},
            {float((x + w) * scale), float((y + h) * scale)}, {float(x * scale), float((y + h) * scale)}};
        const EdgeMaps maps(blurred, false);
        const cv::Mat edges = supportingEdges(maps.faint);
        for (const auto &quad : largestFirst(quads(maps.faint, 0.1, 0.9))) {
            bool encloses = true;
            for (const auto &corner : box) {
                if (cv::pointPolygonTest(quad.corners, corner, false) < 0) encloses = false;
            }
            if (encloses && supported(quad, edges)) return quad.area / area;
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

namespace {
/// The band inside each edge that the edge crossings look at, in pixels of the
/// 640 px copy, and the gradient a crossing needs.
constexpr int kBandFrom = 2, kBandTo = 8;
constexpr float kCrossingGradient = 60;

/// A band looks like the document's paper when at least `kMinPaperShare` of its pixels are
/// within `kPaperTolerance` grey levels of the paper's level: the 75th luminance percentile of
/// the picture's middle (40 % of each side), where the document lies, its light ground
/// outweighing its print. In a colour picture they must also be within `kPaperChroma` of the
/// paper's colour (on both of YCrCb's Cr and Cb, 8-bit): the median of the middle's
/// pixels at the paper's level. Light wood or a beige cloth can match a card's grey level, not
/// its colour.
constexpr double kPaperTolerance = 30, kMinPaperShare = 0.3, kPaperChroma = 20;

/// The document's ground: its grey level and, in a colour picture, its colour.
struct Paper {
    double level;
    /// The YCrCb copy (8-bit) the size of the gray one; empty for a gray picture, and then `cr`
    /// and `cb` are unused.
    cv::Mat ycc;
    double cr = 128, cb = 128;

    /// Whether the pixel at (`x`, `y`) of the gray copy `blurred` looks like the paper.
    bool matches(const cv::Mat &blurred, int x, int y) const {
        if (std::fabs(blurred.at<uint8_t>(y, x) - level) >= kPaperTolerance) return false;
        if (ycc.empty()) return true;
        const cv::Vec3b &p = ycc.at<cv::Vec3b>(y, x);
        return std::fabs(p[1] - cr) < kPaperChroma && std::fabs(p[2] - cb) < kPaperChroma;
    }
};

/// The paper of the small copy `blurred`, its colour read from `ycc` (empty for a gray
/// picture): its level is the 75th luminance percentile of the picture's middle.
Paper paperOf(const cv::Mat &blurred, const cv::Mat &ycc) {
    const cv::Rect box(blurred.cols * 3 / 10, blurred.rows * 3 / 10, std::max(1, blurred.cols * 4 / 10),
                       std::max(1, blurred.rows * 4 / 10));
    const cv::Mat middle = blurred(box);
    int histogram[256] = {0};
    for (int y = 0; y < middle.rows; y++) {
        for (int x = 0; x < middle.cols; x++) histogram[middle.at<uint8_t>(y, x)]++;
    }
    const long target = long(middle.total()) * 3 / 4;
    long seen = 0;
    Paper paper{255, ycc};
    for (int v = 0; v < 256; v++) {
        seen += histogram[v];
        if (seen > target) {
            paper.level = v;
            break;
        }
    }
    if (ycc.empty()) return paper;
    std::vector<uint8_t> crs, cbs;
    for (int y = box.y; y < box.y + box.height; y++) {
        for (int x = box.x; x < box.x + box.width; x++) {
            if (std::fabs(blurred.at<uint8_t>(y, x) - paper.level) >= kPaperTolerance) continue;
            const cv::Vec3b &p = ycc.at<cv::Vec3b>(y, x);
            crs.push_back(p[1]);
            cbs.push_back(p[2]);
        }
    }
    if (crs.empty()) {
        paper.ycc = cv::Mat();
        return paper;
    }
    paper.cr = median(crs);
    paper.cb = median(cbs);
    return paper;
}

/// The share of the positions along one edge (`side`: 0 left, 1 right, 2 top, 3 bottom) at
/// which some pixel of the band has a gradient along the edge over `kCrossingGradient` and
/// over the gradient across it, counted only when the band looks like the document's `paper`:
/// print cut by the edge runs across the document's own ground, while soil, wood grain or a
/// cloth's weave around a whole card is darker, lighter or another colour.
double crossingShare(const cv::Mat &blurred, const cv::Mat &gx, const cv::Mat &gy, int side, const Paper &paper) {
    const int w = gx.cols, h = gx.rows, n = side < 2 ? h : w;
    const cv::Mat &along = side < 2 ? gy : gx, &across = side < 2 ? gx : gy;
    int crossed = 0, papery = 0;
    for (int i = 0; i < n; i++) {
        bool crossing = false;
        for (int d = kBandFrom; d < kBandTo; d++) {
            int x = side == 0 ? d : side == 1 ? w - 1 - d : i;
            int y = side == 2 ? d : side == 3 ? h - 1 - d : i;
            if (paper.matches(blurred, x, y)) papery++;
            float a = std::fabs(along.at<float>(y, x)), c = std::fabs(across.at<float>(y, x));
            if (a > kCrossingGradient && a > c) crossing = true;
        }
        if (crossing) crossed++;
    }
    if (papery < kMinPaperShare * n * (kBandTo - kBandFrom)) return 0;
    return double(crossed) / n;
}

/// The colour picture `rgb` (packed R G B, `width`×`height`; null for a gray picture) as a
/// YCrCb copy the size of the small gray copy `blurred`, shrunk and smoothed as it was; empty
/// when there is none.
cv::Mat colourCopy(const uint8_t *rgb, int32_t width, int32_t height, const cv::Mat &blurred) {
    if (rgb == nullptr || width < 16 || height < 16) return cv::Mat();
    const cv::Mat picture(height, width, CV_8UC3, const_cast<uint8_t *>(rgb), static_cast<size_t>(width) * 3);
    cv::Mat small, smooth, ycc;
    cv::resize(picture, small, blurred.size(), 0, 0, cv::INTER_AREA);
    cv::GaussianBlur(small, smooth, cv::Size(5, 5), 0);
    cv::cvtColor(smooth, ycc, cv::COLOR_RGB2YCrCb);
    return ycc;
}

/// A picture corner holds a card's rounded corner when, walking from the corner pixel, the
/// colour changes by over `kCornerStep` (on YCrCb's Y, Cr or Cb, 8-bit; gray level for a
/// gray picture) along both edges within `kCornerReach` of the short side, and along the
/// diagonal in under `kCornerDiagonal` of the nearer of those: the background that a rounded
/// corner leaves reaches a radius along the edges and 0.29 of it along the diagonal.
constexpr double kCornerStep = 25, kCornerReach = 0.08, kCornerDiagonal = 0.7;

/// The steps from the corner (`x`, `y`) in the direction (`dx`, `dy`) to the first pixel whose
/// colour differs from the corner's by over `kCornerStep`, or 0 when none does within `reach`.
int stepsToChange(const cv::Mat &blurred, const cv::Mat &ycc, int x, int y, int dx, int dy, int reach) {
    for (int d = 1; d <= reach; d++) {
        const int px = x + d * dx, py = y + d * dy;
        double change = std::fabs(double(blurred.at<uint8_t>(py, px)) - blurred.at<uint8_t>(y, x));
        if (!ycc.empty()) {
            const cv::Vec3b &a = ycc.at<cv::Vec3b>(y, x), &b = ycc.at<cv::Vec3b>(py, px);
            change = std::max({std::fabs(double(a[0]) - b[0]), std::fabs(double(a[1]) - b[1]), std::fabs(double(a[2]) - b[2])});
        }
        if (change > kCornerStep) return d;
    }
    return 0;
}

/// Whether each of the picture's four corners holds a card's rounded corner: a picture cropped
/// to a whole card, whose print may run to its edges (a scan cut to the card).
bool roundedCorners(const cv::Mat &blurred, const cv::Mat &ycc) {
    const int w = blurred.cols, h = blurred.rows, reach = int(kCornerReach * std::min(w, h));
    for (int corner = 0; corner < 4; corner++) {
        const int x = corner % 2 ? w - 1 : 0, y = corner / 2 ? h - 1 : 0, dx = corner % 2 ? -1 : 1, dy = corner / 2 ? -1 : 1;
        const int along = stepsToChange(blurred, ycc, x, y, dx, 0, reach);
        const int down = stepsToChange(blurred, ycc, x, y, 0, dy, reach);
        const int diagonal = stepsToChange(blurred, ycc, x, y, dx, dy, reach);
        if (along == 0 || down == 0 || diagonal < 2 || diagonal >= kCornerDiagonal * std::min(along, down)) return false;
    }
    return true;
}

/// `CKYCVision_Document`'s `crossings` on the small copy `blurred` and its YCrCb copy `ycc`
/// (empty for a gray picture); false when it is too small for the bands. A picture cropped to
/// a whole card (`roundedCorners`) has none.
bool crossings(const cv::Mat &blurred, const cv::Mat &ycc, CKYCVision_Crossings &out) {
    if (blurred.cols <= 2 * kBandTo || blurred.rows <= 2 * kBandTo) return false;
    if (roundedCorners(blurred, ycc)) {
        out = CKYCVision_Crossings{0, 0, 0, 0};
        return true;
    }
    cv::Mat gx, gy;
    cv::Sobel(blurred, gx, CV_32F, 1, 0, 3);
    cv::Sobel(blurred, gy, CV_32F, 0, 1, 3);
    const Paper paper = paperOf(blurred, ycc);
    out = CKYCVision_Crossings{crossingShare(blurred, gx, gy, 0, paper), crossingShare(blurred, gx, gy, 1, paper),
                               crossingShare(blurred, gx, gy, 2, paper), crossingShare(blurred, gx, gy, 3, paper)};
    return true;
}

/// A pixel is flat when its 3×3 neighbourhood's range is at most this many grey levels.
constexpr int kFlatRange = 6;

/// The flat regions of the working copy: its flat pixels' 4-connected regions, with their
/// boxes and areas (OpenCV's statistics), read by the solid patches and the mosaic's cells.
struct FlatRegions {
    cv::Mat labels, stats;
    int count;

    explicit FlatRegions(const cv::Mat &g) {
        cv::Mat grown, shrunk, range, centroids;
        const cv::Mat square = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3));
        cv::dilate(g, grown, square);
        cv::erode(g, shrunk, square);
        cv::subtract(grown, shrunk, range);
        count = cv::connectedComponentsWithStats(range <= kFlatRange, labels, stats, centroids, 4, CV_32S);
    }

    cv::Rect box(int i) const {
        return cv::Rect(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                        stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    }
    int area(int i) const { return stats.at<int>(i, cv::CC_STAT_AREA); }
    /// Whether region `i` touches the edge of the picture `g`.
    bool touchesEdge(int i, const cv::Mat &g) const {
        const cv::Rect b = box(i);
        return b.x == 0 || b.y == 0 || b.br().x >= g.cols || b.br().y >= g.rows;
    }
};

/// A solid patch is paint, black or white: at most `kSolidMaxMean` dark (mean luminance) or at
/// least `kWhiteMinMean` light; it fills at least `kSolidMinFill` of its bounding box and covers
/// at least `kSolidMinShare` of the picture. A white one also covers at most `kWhiteMaxShare`
/// of the picture and is at most `kWhiteMaxAspect` times as long as wide: a light card's own
/// empty ground (a synthetic card's blank back: 0.30) and a white panel printed across a card
/// (0.17, eight times as long as high) are larger or longer than a box over a photo or a field.
constexpr double kSolidMaxMean = 40, kWhiteMinMean = 235;
constexpr double kSolidMinFill = 0.95;
constexpr double kSolidMinShare = 0.005, kWhiteMaxShare = 0.10, kWhiteMaxAspect = 3;

/// `CKYCVision_Document`'s `solidPatchShare` on the working copy `g` and its flat regions.
double solidPatchShare(const cv::Mat &g, const FlatRegions &flat) {
    const double total = double(g.rows) * g.cols;
    double share = 0;
    for (int i = 1; i < flat.count; i++) {
        const int area = flat.area(i);
        if (area < kSolidMinShare * total || area < kSolidMinFill * flat.box(i).area() || flat.touchesEdge(i, g)) continue;
        const cv::Rect box = flat.box(i);
        const double mean = cv::mean(g(box), flat.labels(box) == i)[0];
        const bool white = mean >= kWhiteMinMean && area <= kWhiteMaxShare * total &&
                           std::max(box.width, box.height) <= kWhiteMaxAspect * std::min(box.width, box.height);
        if (mean > kSolidMaxMean && !white) continue;
        share = std::max(share, area / total);
    }
    return share;
}

/// A mosaic's cell, on the working copy: a flat region `kCellMin`–`kCellMax` px a side,
/// about square, filling `kCellMinFill` of its box and not touching the picture's edge. Its
/// neighbour is a cell of about its size (within a fifth) beside or below it, `kCellMaxGap` px
/// away or less, level with it (within 2 px): the pixel blocks of a picture pixelated over
/// some of its content.
constexpr int kCellMin = 4, kCellMax = 100, kCellMaxGap = 5;
constexpr double kCellMinFill = 0.8;
/// The most cells looked at (a picture pixelated whole has a few thousand), and the size of
/// the buckets they are found by.
constexpr size_t kMaxCells = 20000;
constexpr int kBucket = 8;
/// A mosaic's blocks average what they hide, so the median step between neighbouring blocks'
/// levels is moderate, `kMinStep`–`kMaxStep` grey levels (real and drawn mosaics 19–61): a
/// row of empty boxes steps by nothing, a QR code's or a checkerboard's black and white
/// squares by 190 and more, even under uneven light.
constexpr double kMinStep = 8, kMaxStep = 96;

/// `CKYCVision_Document`'s `mosaicCells` on the working copy `g` and its flat regions.
int32_t mosaicCells(const cv::Mat &g, const FlatRegions &flat) {
    std::vector<cv::Rect> cells;
    for (int i = 1; i < flat.count && cells.size() < kMaxCells; i++) {
        const cv::Rect box = flat.box(i);
        if (std::min(box.width, box.height) < kCellMin || std::max(box.width, box.height) > kCellMax) continue;
        if (std::abs(box.width - box.height) > std::max(2.0, 0.25 * std::max(box.width, box.height))) continue;
        if (flat.area(i) < kCellMinFill * box.area() || flat.touchesEdge(i, g)) continue;
        cells.push_back(box);
    }
    // The cells by their top-left corner in buckets of `kBucket` px, so that each one's
    // neighbours are looked up, not searched for among all the others (a picture pixelated
    // whole has thousands of cells).
    const int stride = g.cols / kBucket + 1;
    std::unordered_map<long, std::vector<size_t>> buckets;
    for (size_t i = 0; i < cells.size(); i++) buckets[long(cells[i].y / kBucket) * stride + cells[i].x / kBucket].push_back(i);
    auto alike = [](int a, int b) { return std::abs(a - b) <= std::max(2.0, 0.2 * std::max(a, b)); };
    // A cell is flat: its level is read at its middle.
    auto level = [&](const cv::Rect &cell) { return int(g.at<uint8_t>(cell.y + cell.height / 2, cell.x + cell.width / 2)); };
    // The level steps from each cell to its neighbours: each pair is found once, from the cell
    // left of or above the other, and counts for both.
    std::vector<std::vector<int>> around(cells.size());
    auto link = [&](size_t i, cv::Rect window) {
        window &= cv::Rect(0, 0, g.cols, g.rows);
        for (int by = window.y / kBucket; by <= (window.br().y - 1) / kBucket; by++) {
            for (int bx = window.x / kBucket; bx <= (window.br().x - 1) / kBucket; bx++) {
                const auto found = buckets.find(long(by) * stride + bx);
                if (found == buckets.end()) continue;
                for (size_t j : found->second) {
                    const cv::Rect &a = cells[i], &b = cells[j];
                    if (!window.contains(b.tl()) || !alike(a.width, b.width) || !alike(a.height, b.height)) continue;
                    const int step = std::abs(level(a) - level(b));
                    around[i].push_back(step);
                    around[j].push_back(step);
                }
            }
        }
    };
    for (size_t i = 0; i < cells.size(); i++) {
        const cv::Rect &a = cells[i];
        link(i, cv::Rect(a.br().x + 1, a.y - 2, kCellMaxGap, 5));  // beside: its top-left 1–5 px right, level
        link(i, cv::Rect(a.x - 2, a.br().y + 1, 5, kCellMaxGap));  // below
    }
    int32_t inGrid = 0;
    std::vector<int> steps;  // between the cells in a grid and their neighbours
    for (const std::vector<int> &cell : around) {
        if (cell.size() < 2) continue;
        inGrid++;
        steps.insert(steps.end(), cell.begin(), cell.end());
    }
    if (steps.empty()) return 0;
    const double step = median(steps);
    return step < kMinStep || step > kMaxStep ? 0 : inGrid;
}
}  // namespace

extern "C" double CKYCVision_sharpness(const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes) {
    if (width < 16 || height < 16 || rowBytes < width) return -1;
    try {
        cv::setNumThreads(1);
        return sharpness(cv::Mat(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(rowBytes)));
    } catch (...) {
        return -1;
    }
}

extern "C" int32_t CKYCVision_document(
    const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes, const uint8_t *rgb, int32_t rgbWidth,
    int32_t rgbHeight, CKYCVision_Document *document) {
    *document = CKYCVision_Document{-1, -1, -1, {0, 0, 0, 0}, -1, {0, 0, 0, 0}, -1};
    if (width < 16 || height < 16 || rowBytes < width) return -1;
    // Each measure fails alone: an exception in one leaves the others' values.
    auto attempt = [](auto &&body) {
        try {
            body();
        } catch (...) {
        }
    };
    try {
        cv::setNumThreads(1);
        const cv::Mat g = working(gray, width, height, rowBytes);
        attempt([&] { document->specularShare = specularShare(g); });
        attempt([&] {
            const FlatRegions flat(g);
            attempt([&] { document->solidPatchShare = solidPatchShare(g, flat); });
            attempt([&] { document->mosaicCells = mosaicCells(g, flat); });
        });
        double scale = 1;
        const cv::Mat blurred = smallBlurred(gray, width, height, rowBytes, scale);
        attempt([&] {
            const EdgeMaps maps(blurred, true);
            document->outline = outline(blurred, maps);
            document->outlineStatus = 0;
        });
        attempt([&] {
            const cv::Mat ycc = colourCopy(rgb, rgbWidth, rgbHeight, blurred);
            document->crossingsStatus = crossings(blurred, ycc, document->crossings) ? 0 : -1;
        });
        return 0;
    } catch (...) {
        return -1;
    }
}
