// The C face-detection shim over OpenCV: its CascadeClassifier, and CenterFace on its dnn module.
// See include/CFaceDetect.h.
#include "CFaceDetect.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <new>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

struct CFaceDetect_Detector {
    cv::CascadeClassifier cascade;
};

struct CFaceDetect_Network {
    cv::dnn::Net net;
};

namespace {
void report(char *error, size_t capacity, const char *message) {
    if (error != nullptr && capacity > 0) {
        std::snprintf(error, capacity, "%s", message);
    }
}

/// `body()`, or `failed` with the reason in `error` when it throws: no exception leaves the shim.
template <typename Result, typename Body>
Result guarded(char *error, size_t errorCapacity, Result failed, Body body) {
    try {
        return body();
    } catch (const std::exception &e) {
        report(error, errorCapacity, e.what());
    } catch (...) {
        report(error, errorCapacity, "unknown OpenCV failure");
    }
    return failed;
}

/// A new `Handle` that `load` fills, or null with the reason in `error` (`what` when `load`
/// returns false).
template <typename Handle, typename Load>
Handle *made(char *error, size_t errorCapacity, const char *what, Load load) {
    return guarded<Handle *>(error, errorCapacity, nullptr, [&]() -> Handle * {
        // Workers run in parallel already; OpenCV's own thread pool would only compete with them.
        cv::setNumThreads(1);
        auto *handle = new (std::nothrow) Handle();
        if (handle == nullptr) {
            report(error, errorCapacity, "out of memory");
            return nullptr;
        }
        if (!load(*handle)) {
            delete handle;
            report(error, errorCapacity, what);
            return nullptr;
        }
        return handle;
    });
}
}  // namespace

extern "C" CFaceDetect_Detector *CFaceDetect_create(const char *cascadePath, char *error, size_t errorCapacity) {
    return made<CFaceDetect_Detector>(error, errorCapacity, "the cascade file could not be loaded", [&](auto &detector) {
        return detector.cascade.load(cascadePath) && !detector.cascade.empty();
    });
}

extern "C" void CFaceDetect_destroy(CFaceDetect_Detector *detector) {
    delete detector;
}

extern "C" int32_t CFaceDetect_detect(
    CFaceDetect_Detector *detector, const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes,
    double scaleFactor, int32_t minNeighbors, int32_t minSize, int32_t maxSize, CFaceDetect_Rect *faces, int32_t capacity,
    char *error, size_t errorCapacity) {
    if (width <= 0 || height <= 0 || rowBytes < width) {
        report(error, errorCapacity, "bad image geometry");
        return -1;
    }
    return guarded<int32_t>(error, errorCapacity, -1, [&]() -> int32_t {
        // Wraps the caller's pixels without copying; equalizeHist writes a new matrix.
        const cv::Mat input(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(rowBytes));
        cv::Mat equalized;
        cv::equalizeHist(input, equalized);
        std::vector<cv::Rect> found;
        detector->cascade.detectMultiScale(
            equalized, found, scaleFactor, minNeighbors, 0, cv::Size(minSize, minSize),
            maxSize > 0 ? cv::Size(maxSize, maxSize) : cv::Size());
        const auto count = static_cast<int32_t>(found.size());
        for (int32_t i = 0; i < count && i < capacity && faces != nullptr; ++i) {
            faces[i] = CFaceDetect_Rect{found[i].x, found[i].y, found[i].width, found[i].height};
        }
        return count;
    });
}

// ---- The face network: CenterFace on OpenCV's dnn module ----

extern "C" CFaceDetect_Network *CFaceDetect_openNetwork(const char *modelPath, char *error, size_t errorCapacity) {
    return made<CFaceDetect_Network>(error, errorCapacity, "the face network could not be loaded", [&](auto &network) {
        network.net = cv::dnn::readNetFromONNX(modelPath);
        return !network.net.empty();
    });
}

extern "C" void CFaceDetect_closeNetwork(CFaceDetect_Network *network) {
    delete network;
}

extern "C" int32_t CFaceDetect_networkFaces(
    CFaceDetect_Network *network, const uint8_t *gray, int32_t width, int32_t height, int32_t rowBytes,
    float minScore, CFaceDetect_Face *faces, int32_t capacity, char *error, size_t errorCapacity) {
    if (width <= 0 || height <= 0 || rowBytes < width || width > 4096 || height > 4096) {
        report(error, errorCapacity, "bad image geometry");
        return -1;
    }
    return guarded<int32_t>(error, errorCapacity, -1, [&]() -> int32_t {
        const cv::Mat input(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(rowBytes));
        cv::Mat rgb;
        cv::cvtColor(input, rgb, cv::COLOR_GRAY2RGB);
        // The network's outputs are a quarter of its input, which must divide by 32.
        const int w = (width + 31) / 32 * 32, h = (height + 31) / 32 * 32;
        network->net.setInput(cv::dnn::blobFromImage(rgb, 1.0, cv::Size(w, h), cv::Scalar(), false, false));
        std::vector<cv::Mat> outs;  // heatmap, scale (log height, log width), offset (y, x), landmarks
        network->net.forward(outs, std::vector<cv::String>{"537", "538", "539", "540"});
        if (outs.size() < 3 || outs[0].dims != 4) {
            report(error, errorCapacity, "the face network gave no heatmap");
            return -1;
        }
        const int rows = outs[0].size[2], cols = outs[0].size[3], plane = rows * cols;
        const float *heat = outs[0].ptr<float>(), *scale = outs[1].ptr<float>(), *offset = outs[2].ptr<float>();
        const double sx = double(width) / w, sy = double(height) / h;
        std::vector<cv::Rect> boxes;
        std::vector<float> scores;
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < cols; x++) {
                const int i = y * cols + x;
                if (heat[i] < minScore) continue;
                const double bh = std::exp(scale[i]) * 4, bw = std::exp(scale[plane + i]) * 4;
                const double cy = (y + offset[i] + 0.5) * 4, cx = (x + offset[plane + i] + 0.5) * 4;
                const double x0 = std::clamp(cx - bw / 2, 0.0, double(w)), y0 = std::clamp(cy - bh / 2, 0.0, double(h));
                const double x1 = std::clamp(cx + bw / 2, 0.0, double(w)), y1 = std::clamp(cy + bh / 2, 0.0, double(h));
                boxes.emplace_back(int(std::lround(x0 * sx)), int(std::lround(y0 * sy)),
                                   int(std::lround((x1 - x0) * sx)), int(std::lround((y1 - y0) * sy)));
                scores.push_back(heat[i]);
            }
        }
        std::vector<int> kept;
        cv::dnn::NMSBoxes(boxes, scores, minScore, 0.3f, kept);
        const auto count = static_cast<int32_t>(kept.size());
        for (int32_t i = 0; i < count && i < capacity && faces != nullptr; ++i) {
            const cv::Rect &r = boxes[kept[i]];
            faces[i] = CFaceDetect_Face{CFaceDetect_Rect{r.x, r.y, r.width, r.height}, scores[kept[i]]};
        }
        return count;
    });
}
