#pragma once
// Reader of MatrixMarket files (https://math.nist.gov/MatrixMarket/formats.html) for LCP data:
// object `matrix`, format `coordinate` or `array`, field `real` or `integer`, symmetry `general`
// or `symmetric`. Anything else (complex, pattern, skew-symmetric, hermitian) is refused.
// Coordinate files give a sparse matrix (duplicate entries are summed), array files a dense one.
// Symmetric files store the lower triangle only; an entry above the diagonal is an error.
// Errors are relcp::InputError with the file and the 1-based line.

#include <filesystem>
#include <string>
#include <string_view>
#include <variant>

#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

using MarketMatrix = std::variant<DenseMatrix, SparseMatrix>;

MarketMatrix read_matrix_market(const std::filesystem::path& file);
MarketMatrix parse_matrix_market(std::string_view text, const std::string& file);

// A vector stored as an n x 1 (or 1 x n) matrix, in either format.
Vector read_matrix_market_vector(const std::filesystem::path& file);
Vector parse_matrix_market_vector(std::string_view text, const std::string& file);

// LCP(M, q) from a square matrix file and a vector file of matching size.
LcpProblem read_matrix_market_lcp(const std::filesystem::path& matrix_file, const std::filesystem::path& vector_file);

}  // namespace relcp::lcp
