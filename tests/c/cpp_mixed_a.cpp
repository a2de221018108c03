// Built with -fno-exceptions by tests/callers.rs and linked with cpp_mixed_b.cpp and
// cpp_mixed_c.cpp (built with exceptions), in both orders. The header's progress calls
// differ between the two modes (with exceptions they catch what `stop` throws), so this
// file must get its own, and the others theirs, whichever comes first on the link line.
#include "sudoku.hpp"

#if SUDOKU_HPP_EXCEPTIONS || SUDOKU_HPP_CATCH
#error "this file is built without exceptions"
#endif

static bool never(std::size_t) { return false; }

// The count of `board` to 2 and its SE rating's ER through the progress calls, or -1.
int progress_calls_without_exceptions(const char* board, int* er) {
    std::size_t count = 0;
    int counted = sudoku::count_solutions_with_progress(board, 2, count, &never);
    sudoku::se_rating rating = {0, 0, 0};
    int rated = sudoku::rate_se_with_progress(board, rating, &never);
    *er = rating.er;
    return counted == SUDOKU_OK && rated == SUDOKU_OK ? static_cast<int>(count) : -1;
}
