// Built with exceptions but with SUDOKU_NO_EXCEPTIONS (see cpp_mixed_a.cpp): the throwing
// calls are left out, and the progress calls still catch what `stop` throws and rethrow it,
// as they do in cpp_mixed_b.cpp (the same definitions: nothing may cross the C library).
#define SUDOKU_NO_EXCEPTIONS
#include "sudoku.hpp"

#include <stdexcept>

#if SUDOKU_HPP_EXCEPTIONS || !SUDOKU_HPP_CATCH
#error "this file is built with exceptions and SUDOKU_NO_EXCEPTIONS"
#endif

static bool throws_logic_error(std::size_t) { throw std::logic_error("stop c"); }

// Whether the exception `stop` throws comes back out of rate_se_with_progress.
bool rethrown_with_no_exceptions_defined(const char* board) {
    try {
        sudoku::se_rating rating = {0, 0, 0};
        sudoku::rate_se_with_progress(board, rating, &throws_logic_error);
    } catch (const std::logic_error&) {
        return true;
    }
    return false;
}
