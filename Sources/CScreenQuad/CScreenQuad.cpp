// A phone screen's outline in a photo, and the screen warped upright. See include/CScreenQuad.h.
#include "CScreenQuad.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace {
/// The long side the outline is looked for at: an edge map of a few hundred thousand pixels.
constexpr double kSearchSide = 640;
/// The tolerances, as shares of an outline's perimeter, tried in turn to make its rounded
/// corners into four.
constexpr double kTolerances[] = {0.02, 0.03, 0.045};

double length(cv::Point2f a, cv::Point2f b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// `quad` listed clockwise (y down), starting from the corner whose next edge is the nearest
/// to pointing right: the outline's top-left, whatever its tilt below 45 degrees.
std::vector<cv::Point2f> clockwiseFromTopLeft(std::vector<cv::Point2f> quad) {
    cv::Point2f centre(0, 0);
    for (auto p : quad) centre += p * 0.25f;
    std::sort(quad.begin(), quad.end(), [&](cv::Point2f a, cv::Point2f b) {
        return std::atan2(a.y - centre.y, a.x - centre.x) < std::atan2(b.y - centre.y, b.x - centre.x);
    });
    size_t start = 0;
    double best = 10;
    for (size_t i = 0; i < 4; i++) {
        cv::Point2f d = quad[(i + 1) % 4] - quad[i];
        double angle = std::fabs(std::atan2(d.y, d.x));
        if (angle < best) { best = angle; start = i; }
    }
    std::rotate(quad.begin(), quad.begin() + static_cast<long>(start), quad.end());
    return quad;
}
}  // namespace

extern "C" int CScreenQuad_find(
    const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes,
    double minShare, double maxShare, double minSide, float *corners) {
    if (width < 16 || height < 16 || rowBytes < width) return 0;
    try {
        cv::setNumThreads(1);
        cv::Mat picture(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(rowBytes));
        double scale = std::min(1.0, kSearchSide / std::max(width, height));
        cv::Mat small, edges;
        cv::resize(picture, small, cv::Size(), scale, scale, cv::INTER_AREA);
        cv::GaussianBlur(small, small, cv::Size(5, 5), 0);
        cv::Canny(small, edges, 20, 60);
        cv::dilate(edges, edges, cv::Mat());
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(edges, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);

        double area = double(small.cols) * small.rows, shortSide = std::min(small.cols, small.rows);
        double bestArea = 0;
        std::vector<cv::Point> best;
        for (const auto &contour : contours) {
            std::vector<cv::Point> hull, quad;
            cv::convexHull(contour, hull);
            double a = cv::contourArea(hull);
            if (a < minShare * area || a > maxShare * area || a <= bestArea) continue;
            for (double tolerance : kTolerances) {
                cv::approxPolyDP(hull, quad, tolerance * cv::arcLength(hull, true), true);
                if (quad.size() <= 4) break;
            }
            if (quad.size() != 4 || !cv::isContourConvex(quad)) continue;
            bool wide = true;
            for (size_t i = 0; i < 4; i++) {
                if (length(quad[i], quad[(i + 1) % 4]) < minSide * shortSide) wide = false;
            }
            if (!wide) continue;
            bestArea = a;
            best = quad;
        }
        if (best.size() != 4) return 0;
        std::vector<cv::Point2f> found;
        for (auto p : best) found.emplace_back(float((p.x + 0.5) / scale), float((p.y + 0.5) / scale));
        found = clockwiseFromTopLeft(found);
        for (size_t i = 0; i < 4; i++) {
            corners[2 * i] = std::clamp(found[i].x, 0.0f, float(width));
            corners[2 * i + 1] = std::clamp(found[i].y, 0.0f, float(height));
        }
        return 1;
    } catch (...) {
        return 0;
    }
}

extern "C" int CScreenQuad_warp(
    const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes,
    const float *corners, uint8_t *out, int32_t outWidth, int32_t outHeight) {
    if (width < 1 || height < 1 || rowBytes < width || outWidth < 1 || outHeight < 1) return 0;
    try {
        cv::setNumThreads(1);
        cv::Mat picture(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(rowBytes));
        cv::Point2f from[4], to[4] = {
            {0, 0}, {float(outWidth), 0}, {float(outWidth), float(outHeight)}, {0, float(outHeight)}};
        for (int i = 0; i < 4; i++) from[i] = cv::Point2f(corners[2 * i], corners[2 * i + 1]);
        cv::Mat upright(outHeight, outWidth, CV_8UC1, out, static_cast<size_t>(outWidth));
        cv::warpPerspective(
            picture, upright, cv::getPerspectiveTransform(from, to), upright.size(), cv::INTER_LINEAR,
            cv::BORDER_REPLICATE);
        return upright.data == out ? 1 : 0;
    } catch (...) {
        return 0;
    }
}
