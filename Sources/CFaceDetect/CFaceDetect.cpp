// The C face-detection shim over OpenCV's CascadeClassifier. See include/CFaceDetect.h.
#include "CFaceDetect.h"

#include <cstdio>
#include <exception>
#include <new>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

struct CFaceDetect_Detector {
    cv::CascadeClassifier cascade;
};

namespace {
void report(char *error, size_t capacity, const char *message) {
    if (error != nullptr && capacity > 0) {
        std::snprintf(error, capacity, "%s", message);
    }
}
}  // namespace

extern "C" CFaceDetect_Detector *CFaceDetect_create(const char *cascadePath, char *error, size_t errorCapacity) {
    try {
        // Workers run in parallel already; OpenCV's own thread pool would only compete with them.
        cv::setNumThreads(1);
        auto *detector = new (std::nothrow) CFaceDetect_Detector();
        if (detector == nullptr) {
            report(error, errorCapacity, "out of memory");
            return nullptr;
        }
        if (!detector->cascade.load(cascadePath) || detector->cascade.empty()) {
            delete detector;
            report(error, errorCapacity, "the cascade file could not be loaded");
            return nullptr;
        }
        return detector;
    } catch (const std::exception &e) {
        report(error, errorCapacity, e.what());
    } catch (...) {
        report(error, errorCapacity, "unknown OpenCV failure");
    }
    return nullptr;
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
    try {
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
    } catch (const std::exception &e) {
        report(error, errorCapacity, e.what());
    } catch (...) {
        report(error, errorCapacity, "unknown OpenCV failure");
    }
    return -1;
}
