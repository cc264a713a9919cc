// A Matrix Market reader for the cuSOLVER lessons' C++ (book/c/cusolver_*.cpp), our own and
// short: a real coordinate file into CSR, a symmetric one made whole, its 1-based indices kept
// (lessons/src/mmio.rs is the lessons' reader, with every check). Returns false, having said
// why on stderr, when the file is none it reads.
#pragma once
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

struct Csr {
    int m = 0, n = 0, nnz = 0;
    std::vector<int> rowPtr, colInd;
    std::vector<double> val;
};

static bool readMtx(const char *path, Csr &a) {
    std::ifstream in(path);
    std::string line;
    if (!in || !std::getline(in, line) || line.rfind("%%MatrixMarket matrix coordinate", 0) != 0 ||
        line.find("complex") != std::string::npos || line.find("pattern") != std::string::npos) {
        fprintf(stderr, "%s: not a real coordinate Matrix Market file\n", path);
        return false;
    }
    bool symmetric = line.find("symmetric") != std::string::npos; // skew-symmetric: not here
    while (std::getline(in, line) && (line.empty() || line[0] == '%')) {}
    int entries = 0;
    if (!(std::istringstream(line) >> a.m >> a.n >> entries)) {
        fprintf(stderr, "%s: no size line\n", path);
        return false;
    }
    std::vector<std::tuple<int, int, double>> coo;
    for (int k = 0; k < entries; k++) {
        int i, j;
        double v;
        if (!(in >> i >> j >> v) || i < 1 || i > a.m || j < 1 || j > a.n) {
            fprintf(stderr, "%s: entry %d is missing or outside the matrix\n", path, k + 1);
            return false;
        }
        coo.emplace_back(i, j, v);
        if (symmetric && i != j) coo.emplace_back(j, i, v);
    }
    std::stable_sort(coo.begin(), coo.end(), [](const auto &x, const auto &y) {
        return std::tie(std::get<0>(x), std::get<1>(x)) < std::tie(std::get<0>(y), std::get<1>(y));
    });
    a.nnz = (int)coo.size();
    a.rowPtr.assign(a.m + 1, 0);
    a.rowPtr[0] = 1; // 1-based, as the files are
    for (const auto &e : coo) {
        a.rowPtr[std::get<0>(e)]++;
        a.colInd.push_back(std::get<1>(e));
        a.val.push_back(std::get<2>(e));
    }
    for (int r = 0; r < a.m; r++) a.rowPtr[r + 1] += a.rowPtr[r];
    return true;
}
