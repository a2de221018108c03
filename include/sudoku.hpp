/*
 * sudoku.hpp: a header-only C++11 layer over libsudoku's C API (sudoku.h).
 *
 * For code shaped like LeetCode problem 37:
 *
 *     #include "sudoku.hpp"
 *     class Solution {
 *     public:
 *         void solveSudoku(std::vector<std::vector<char>>& board) { sudoku::solve(board); }
 *     };
 *
 * or `using sudoku::Solution;` in place of your own class. Link with -lsudoku.
 *
 * The toolkit, on 81-character strings ('1'-'9' givens, '.' or '0' blanks):
 *
 *     std::size_t n = sudoku::count_solutions(puzzle, 2);    // 0 none, 1 unique, 2 several
 *     bool proper = sudoku::is_unique(puzzle);
 *     sudoku::difficulty d = sudoku::rate(puzzle);           // easy, medium, hard, expert
 *     sudoku::se_rating se = sudoku::rate_se(puzzle);        // se.er == 72: ER 7.2
 *     sudoku::generated g = sudoku::generate(42, sudoku::difficulty::hard);
 *     std::vector<int> statuses = sudoku::solve_batch(puzzles);  // solved in place
 *
 * Bad input is reported by exceptions: sudoku::error (a std::runtime_error carrying the
 * SUDOKU_* status and its message) for what the library refuses, std::invalid_argument
 * for a string that is not 81 characters long. Nothing is changed when one is thrown.
 *
 * Without exceptions (-fno-exceptions, or SUDOKU_NO_EXCEPTIONS defined before the
 * include): the header compiles and keeps every call that throws nothing (solve of a
 * vector<vector<char>>, Solution, difficulty and name, se_rating, version, cpu_path, and
 * the status-returning count_solutions_with_progress and rate_se_with_progress); the
 * calls that report errors by throwing (sudoku::error, solve and count_solutions of a
 * string, is_unique, rate, rate_se, generate, generate_with, canonical, transform, the
 * sukaku calls, solve_batch) are left out. SUDOKU_HPP_EXCEPTIONS is 1 when they are there, 0 when not: wrap code of your own
 * that throws in `#if SUDOKU_HPP_EXCEPTIONS`.
 */
#ifndef SUDOKU_HPP
#define SUDOKU_HPP

#ifndef SUDOKU_HPP_EXCEPTIONS
#if defined(SUDOKU_NO_EXCEPTIONS)
#define SUDOKU_HPP_EXCEPTIONS 0
#elif defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define SUDOKU_HPP_EXCEPTIONS 1
#else
#define SUDOKU_HPP_EXCEPTIONS 0
#endif
#endif

/* Whether the compiler has exceptions, whatever SUDOKU_NO_EXCEPTIONS says: the progress
 * calls then catch what the caller's `stop` throws (nothing may cross the C library) and
 * rethrow it. Their code differs with it, so it lives in an inline namespace named by it:
 * a program whose files are built both ways links two distinct sets of those functions
 * rather than one of either kind. */
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define SUDOKU_HPP_CATCH 1
#else
#define SUDOKU_HPP_CATCH 0
#endif

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>
#if SUDOKU_HPP_CATCH
#include <exception>
#endif
#if SUDOKU_HPP_EXCEPTIONS
#include <stdexcept>
#endif

#include "sudoku.h"

namespace sudoku {

#if SUDOKU_HPP_EXCEPTIONS
/** A libsudoku status other than SUDOKU_OK, with its message. */
class error : public std::runtime_error {
public:
    explicit error(int status)
        : std::runtime_error(sudoku_status_str(status)), status_(status) {}

    /** The SUDOKU_* status code. */
    int status() const noexcept { return status_; }

private:
    int status_;
};
#endif /* SUDOKU_HPP_EXCEPTIONS */

/** Number of cells on a board. */
static const std::size_t cells = 81;

namespace detail {

/* Copies a 9x9 board into a flat 81-byte buffer; false if it is not 9 rows of 9. */
inline bool flatten(const std::vector<std::vector<char> >& board, char (&flat)[81]) {
    if (board.size() != 9) {
        return false;
    }
    for (std::size_t r = 0; r < 9; ++r) {
        if (board[r].size() != 9) {
            return false;
        }
        for (std::size_t c = 0; c < 9; ++c) {
            flat[r * 9 + c] = board[r][c];
        }
    }
    return true;
}

#if SUDOKU_HPP_EXCEPTIONS
/* Copies a string of exactly 81 characters into a flat buffer; throws otherwise. */
inline void flatten(const std::string& board, char (&flat)[81]) {
    if (board.size() != cells) {
        throw std::invalid_argument("sudoku: a board is exactly 81 characters");
    }
    board.copy(flat, cells);
}
#endif

} // namespace detail

/**
 * Solves a LeetCode-style board ('1'-'9' givens, '.' or '0' blanks) in place.
 *
 * Returns true and fills the board when it is solved. Returns false and leaves the board
 * untouched when it is not 9 rows of 9, holds a bad character, has clashing givens or has
 * no solution.
 */
inline bool solve(std::vector<std::vector<char> >& board) {
    char flat[81];
    if (!detail::flatten(board, flat) || sudoku_solve(flat) != SUDOKU_OK) {
        return false;
    }
    for (std::size_t r = 0; r < 9; ++r) {
        for (std::size_t c = 0; c < 9; ++c) {
            board[r][c] = flat[r * 9 + c];
        }
    }
    return true;
}

#if SUDOKU_HPP_EXCEPTIONS
/**
 * Returns the solution of an 81-character puzzle. Throws sudoku::error (carrying the
 * status and its message) when it cannot be solved, and std::invalid_argument when the
 * string is not 81 characters long.
 */
inline std::string solve(const std::string& puzzle) {
    char flat[81];
    detail::flatten(puzzle, flat);
    int status = sudoku_solve(flat);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    return std::string(flat, cells);
}
#endif /* SUDOKU_HPP_EXCEPTIONS */

/** Drop-in for LeetCode 37's `class Solution`. */
class Solution {
public:
    /** Solves the board in place; leaves it untouched if it cannot be solved. */
    void solveSudoku(std::vector<std::vector<char> >& board) { solve(board); }
};

/**
 * How hard a puzzle is for a player (the C enum SudokuDifficulty): the level of the
 * hardest technique a logical solver needs when it applies the simplest technique that
 * makes progress at every step.
 */
enum class difficulty : int {
    easy = SUDOKU_DIFFICULTY_EASY,     /**< naked and hidden singles fill the grid */
    medium = SUDOKU_DIFFICULTY_MEDIUM, /**< also locked candidates (pointing, claiming) */
    hard = SUDOKU_DIFFICULTY_HARD,     /**< also naked and hidden pairs and triples */
    expert = SUDOKU_DIFFICULTY_EXPERT, /**< also quads, fish, wings, unique rectangles, BUG */
    master = SUDOKU_DIFFICULTY_MASTER, /**< also X-chains, XY-chains, AIC */
    extreme = SUDOKU_DIFFICULTY_EXTREME /**< forcing chains or brute force */
};

/** The lowercase name of a level ("easy" to "extreme"; "unknown" else). */
inline const char* name(difficulty level) {
    switch (level) {
    case difficulty::easy: return "easy";
    case difficulty::medium: return "medium";
    case difficulty::hard: return "hard";
    case difficulty::expert: return "expert";
    case difficulty::master: return "master";
    case difficulty::extreme: return "extreme";
    }
    return "unknown";
}

/**
 * Sudoku Explainer's ratings of a proper puzzle (SudokuSeRating), as serate 1.2.1.3 gives
 * them, each in tenths: 72 is 7.2.
 */
struct se_rating {
    std::int32_t er; /**< the hardest step of the whole solution */
    std::int32_t ep; /**< the hardest step up to and including the first placement */
    std::int32_t ed; /**< the rating of the first step */
};

/** A generated puzzle ('.' blanks) and its one solution (81 digits). */
struct generated {
    std::string puzzle;
    std::string solution;
};

#if SUDOKU_HPP_EXCEPTIONS
/**
 * Counts the solutions of an 81-character board, stopping at `limit`: returns
 * min(number of solutions, limit), so 0 when no grid completes the givens or when `limit`
 * is 0. With limit 2 this is the uniqueness check. Throws sudoku::error for a bad
 * character or clashing givens, std::invalid_argument for a string that is not 81 long.
 */
inline std::size_t count_solutions(const std::string& board, std::size_t limit) {
    char flat[81];
    detail::flatten(board, flat);
    std::size_t count = 0;
    int status = sudoku_count_solutions(flat, limit, &count, nullptr);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    return count;
}

/**
 * As count_solutions(board, limit), and when the count is not 0, sets `first` to the
 * first solution found (81 digits); `first` is left as it was when the count is 0 or an
 * exception is thrown.
 */
inline std::size_t count_solutions(const std::string& board, std::size_t limit,
                                   std::string& first) {
    char flat[81];
    char found[81];
    detail::flatten(board, flat);
    std::size_t count = 0;
    int status = sudoku_count_solutions(flat, limit, &count, found);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    if (count > 0) {
        first.assign(found, cells);
    }
    return count;
}

/**
 * Whether an 81-character board has exactly one solution (a proper puzzle). Throws as
 * count_solutions does.
 */
inline bool is_unique(const std::string& board) { return count_solutions(board, 2) == 1; }

/**
 * Rates a puzzle with exactly one solution. Throws sudoku::error with
 * SUDOKU_NO_SOLUTION or SUDOKU_MULTIPLE_SOLUTIONS when it has none or several, with
 * SUDOKU_ERR_INVALID_CHAR or SUDOKU_ERR_CONFLICT for a bad board; std::invalid_argument
 * for a string that is not 81 characters long.
 */
inline difficulty rate(const std::string& puzzle) {
    char flat[81];
    detail::flatten(puzzle, flat);
    int level = 0;
    int status = sudoku_rate(flat, &level);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    return static_cast<difficulty>(level);
}

/**
 * Rates a puzzle with exactly one solution on the Sudoku Explainer scale (sudoku_rate_se).
 * Throws as rate() does, and sudoku::error with SUDOKU_ERR_NO_MEMORY when the chain
 * searches cannot have their memory.
 */
inline se_rating rate_se(const std::string& puzzle) {
    char flat[81];
    detail::flatten(puzzle, flat);
    SudokuSeRating rating = SudokuSeRating();
    int status = sudoku_rate_se(flat, &rating);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    se_rating result;
    result.er = rating.er;
    result.ep = rating.ep;
    result.ed = rating.ed;
    return result;
}

/**
 * Generates a proper, minimal puzzle that rate() rates exactly `level`, and its solution.
 * The same seed and level give the same puzzle everywhere; different seeds give different
 * puzzles. Throws sudoku::error with SUDOKU_ERR_INVALID_ARGUMENT for a level that is none
 * of the six.
 */
inline generated generate(std::uint64_t seed, difficulty level) {
    char puzzle[81];
    char solution[81];
    int status = sudoku_generate(seed, static_cast<int>(level), puzzle, solution);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    generated result;
    result.puzzle.assign(puzzle, cells);
    result.solution.assign(solution, cells);
    return result;
}

/** Which given positions of a generated puzzle must go together (SudokuSymmetry). */
enum class symmetry : int {
    none = SUDOKU_SYMMETRY_NONE,
    rotate_180 = SUDOKU_SYMMETRY_ROTATE_180,
    rotate_90 = SUDOKU_SYMMETRY_ROTATE_90,
    mirror_left_right = SUDOKU_SYMMETRY_MIRROR_LEFT_RIGHT,
    mirror_top_bottom = SUDOKU_SYMMETRY_MIRROR_TOP_BOTTOM,
    mirror_both = SUDOKU_SYMMETRY_MIRROR_BOTH,
    diagonal = SUDOKU_SYMMETRY_DIAGONAL,
    antidiagonal = SUDOKU_SYMMETRY_ANTIDIAGONAL,
    both_diagonals = SUDOKU_SYMMETRY_BOTH_DIAGONALS,
    dihedral = SUDOKU_SYMMETRY_DIHEDRAL
};

/** The options of generate_with (SudokuGenerateOptions): all zero, any proper minimal puzzle. */
struct generate_options {
    int difficulty = 0;                 /**< 1-6, or 0: any level */
    symmetry sym = symmetry::none;      /**< the symmetry of the given positions */
    int min_givens = 0;                 /**< 0: no lower bound */
    int max_givens = 0;                 /**< 0: no upper bound */
    std::string pattern;                /**< empty, or 81 characters: givens where not '.' */
    int se_min = 0;                     /**< the lowest SE ER in tenths (75: 7.5); 0: no bound */
    int se_max = 0;                     /**< the highest SE ER in tenths; 0: no bound */
    int technique = 0;                  /**< 0, or a SudokuTechnique the hint walk must use */
    std::uint64_t max_tries = 0;        /**< 0: the library's default bound */
};

/**
 * Generates a puzzle meeting `options` (sudoku_generate_with) and its solution. Throws
 * sudoku::error with SUDOKU_ERR_INVALID_ARGUMENT for options that name nothing or
 * contradict each other, SUDOKU_NOT_FOUND when no try met them; std::invalid_argument for
 * a pattern that is neither empty nor 81 characters.
 */
inline generated generate_with(std::uint64_t seed, const generate_options& options) {
    SudokuGenerateOptions c = SudokuGenerateOptions();
    char pattern[81];
    c.difficulty = options.difficulty;
    c.symmetry = static_cast<int>(options.sym);
    c.min_givens = options.min_givens;
    c.max_givens = options.max_givens;
    if (!options.pattern.empty()) {
        detail::flatten(options.pattern, pattern);
        c.pattern = pattern;
    }
    c.se_min = options.se_min;
    c.se_max = options.se_max;
    c.technique = options.technique;
    c.max_tries = options.max_tries;
    char puzzle[81];
    char solution[81];
    int status = sudoku_generate_with(seed, &c, puzzle, solution);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    generated result;
    result.puzzle.assign(puzzle, cells);
    result.solution.assign(solution, cells);
    return result;
}

/**
 * The canonical form of a board (sudoku_canonical, '.' blanks): equal forms exactly for
 * equivalent boards. `automorphisms`, when not NULL, gets how many geometric
 * transformations map the board onto itself. Throws sudoku::error for a bad board.
 */
inline std::string canonical(const std::string& board, std::uint32_t* automorphisms = 0) {
    char flat[81];
    char form[81];
    detail::flatten(board, flat);
    int status = sudoku_canonical(flat, form, automorphisms);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    return std::string(form, cells);
}

/** A board equivalent to `board`, drawn from `seed` (sudoku_transform). Throws as canonical. */
inline std::string transform(const std::string& board, std::uint64_t seed) {
    char flat[81];
    char out[81];
    detail::flatten(board, flat);
    int status = sudoku_transform(flat, seed, out);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    return std::string(out, cells);
}

namespace detail {
inline void sukaku(const std::string& text, char (&flat)[729]) {
    if (text.size() != 729) {
        throw std::invalid_argument("sudoku: a sukaku is exactly 729 characters");
    }
    text.copy(flat, 729);
}
} // namespace detail

/**
 * The 81 candidate masks of a 729-character pencil-mark puzzle
 * (sudoku_candidates_from_sukaku). Throws sudoku::error with SUDOKU_ERR_INVALID_CHAR or
 * SUDOKU_NO_SOLUTION (a cell without candidates), std::invalid_argument for another length.
 */
inline std::vector<std::uint16_t> candidates_from_sukaku(const std::string& sukaku) {
    char flat[729];
    detail::sukaku(sukaku, flat);
    std::vector<std::uint16_t> masks(cells);
    int status = sudoku_candidates_from_sukaku(flat, &masks[0]);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    return masks;
}

/**
 * Counts the solutions of a pencil-mark puzzle up to `limit`
 * (sudoku_count_solutions_sukaku); `solution`, when not NULL and a solution was found,
 * gets the first. Throws as candidates_from_sukaku.
 */
inline std::size_t count_solutions_sukaku(const std::string& sukaku, std::size_t limit,
                                          std::string* solution = 0) {
    char flat[729];
    char first[81];
    detail::sukaku(sukaku, flat);
    std::size_t count = 0;
    int status = sudoku_count_solutions_sukaku(flat, limit, &count, first);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    if (solution != 0 && count > 0) {
        solution->assign(first, cells);
    }
    return count;
}

/**
 * Solves every board of `boards` (81-character strings) in place on `threads` threads
 * (0: one per available core) and returns their statuses, in order: SUDOKU_OK for a board
 * that now holds its solution; for any other status the board is left as it was.
 * Throws std::invalid_argument, changing nothing, if a string is not 81 characters long.
 */
inline std::vector<int> solve_batch(std::vector<std::string>& boards, std::size_t threads = 0) {
    for (std::size_t i = 0; i < boards.size(); ++i) {
        if (boards[i].size() != cells) {
            throw std::invalid_argument("sudoku: a board is exactly 81 characters");
        }
    }
    std::vector<int> statuses(boards.size(), SUDOKU_ERR_INTERNAL);
    if (boards.empty()) {
        return statuses;
    }
    std::vector<char> flat(boards.size() * cells);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        boards[i].copy(&flat[i * cells], cells);
    }
    int status = sudoku_solve_batch(&flat[0], boards.size(), &statuses[0], threads);
    if (status != SUDOKU_OK) {
        throw error(status);
    }
    for (std::size_t i = 0; i < boards.size(); ++i) {
        if (statuses[i] == SUDOKU_OK) {
            boards[i].assign(&flat[i * cells], cells);
        }
    }
    return statuses;
}
#endif /* SUDOKU_HPP_EXCEPTIONS */

#if SUDOKU_HPP_CATCH
inline namespace progress_catching {
#else
inline namespace progress_without_exceptions {
#endif

namespace detail {

/* The C callback of count_solutions_with_progress and rate_se_with_progress: calls the
 * caller's callable. An exception it throws (when the compiler has exceptions) stops the
 * call and is kept to be rethrown after the C call returns: none may cross the C library. */
template <class F>
struct progress_call {
    F* stop;
#if SUDOKU_HPP_CATCH
    std::exception_ptr thrown;
#endif
    static int call(std::size_t found, void* context) {
        progress_call* self = static_cast<progress_call*>(context);
#if SUDOKU_HPP_CATCH
        try {
            return (*self->stop)(found) ? 1 : 0;
        } catch (...) {
            self->thrown = std::current_exception();
            return 1;
        }
#else
        return (*self->stop)(found) ? 1 : 0;
#endif
    }
};

} // namespace detail

/**
 * Counts the solutions of an 81-character board up to `limit` (as count_solutions), calling
 * `stop(found)` every few milliseconds of a long count with the number of solutions found
 * so far: when it returns true the count stops. Returns the status, and throws nothing
 * itself (with or without exceptions): SUDOKU_OK with `count` set (and `first` set to the
 * first solution when `first` is not NULL and the count is not 0); SUDOKU_CANCELLED when
 * `stop` returned true; SUDOKU_ERR_INVALID_CHAR or SUDOKU_ERR_CONFLICT for a bad board;
 * SUDOKU_ERR_INVALID_ARGUMENT for a string that is not 81 characters long. On every status
 * but SUDOKU_OK, `count` and `first` are left as they were. When the compiler has
 * exceptions (SUDOKU_NO_EXCEPTIONS or not), an exception thrown by `stop` stops the count
 * and is rethrown from here.
 */
template <class F>
inline int count_solutions_with_progress(const std::string& board, std::size_t limit,
                                         std::size_t& count, F stop,
                                         std::string* first = nullptr) {
    if (board.size() != cells) {
        return SUDOKU_ERR_INVALID_ARGUMENT;
    }
    char flat[81];
    char found[81];
    board.copy(flat, cells);
    detail::progress_call<F> call;
    call.stop = &stop;
    std::size_t counted = 0;
    int status = sudoku_count_solutions_with_progress(flat, limit, &counted, found,
                                                      &detail::progress_call<F>::call, &call);
#if SUDOKU_HPP_CATCH
    if (call.thrown) {
        std::rethrow_exception(call.thrown);
    }
#endif
    if (status == SUDOKU_OK) {
        count = counted;
        if (first != nullptr && counted > 0) {
            first->assign(found, cells);
        }
    }
    return status;
}

/**
 * Rates a puzzle on the Sudoku Explainer scale (as rate_se), calling `stop(steps)` after
 * each step of the walk with the number of steps made so far: when it returns true the
 * rating stops. Returns the status, and throws nothing itself (with or without
 * exceptions): SUDOKU_OK with `rating` set; SUDOKU_CANCELLED when `stop` returned true;
 * the statuses of sudoku_rate_se for a board it refuses; SUDOKU_ERR_INVALID_ARGUMENT for a
 * string that is not 81 characters long. On every status but SUDOKU_OK, `rating` is left
 * as it was. When the compiler has exceptions (SUDOKU_NO_EXCEPTIONS or not), an exception
 * thrown by `stop` stops the rating and is rethrown from here.
 */
template <class F>
inline int rate_se_with_progress(const std::string& puzzle, se_rating& rating, F stop) {
    if (puzzle.size() != cells) {
        return SUDOKU_ERR_INVALID_ARGUMENT;
    }
    char flat[81];
    puzzle.copy(flat, cells);
    detail::progress_call<F> call;
    call.stop = &stop;
    SudokuSeRating rated = SudokuSeRating();
    int status =
        sudoku_rate_se_with_progress(flat, &rated, &detail::progress_call<F>::call, &call);
#if SUDOKU_HPP_CATCH
    if (call.thrown) {
        std::rethrow_exception(call.thrown);
    }
#endif
    if (status == SUDOKU_OK) {
        rating.er = rated.er;
        rating.ep = rated.ep;
        rating.ed = rated.ed;
    }
    return status;
}

} // inline namespace progress_*

/** The library version, "MAJOR.MINOR.PATCH". */
inline std::string version() { return sudoku_version(); }

/** The code path in use ("portable", "sse4.1", "avx2", "avx512" or "neon"), for bug
 *  reports: see sudoku_cpu_path. */
inline std::string cpu_path() { return sudoku_cpu_path(); }

/*
 * Hints: the logical solver's candidates, next step and its application. These never
 * throw (they report a SUDOKU_* status instead), so they work with -fno-exceptions too.
 */

/** A step of the logical solver (the C SudokuStep) with its technique's name. */
struct step : SudokuStep {
    /** The technique's name ("Hidden Single", "X-Wing", ...), static. */
    const char* name;

    step() : SudokuStep(), name(sudoku_technique_name(SUDOKU_TECHNIQUE_NONE)) {
        cell = -1;
    }

    /** Whether the step places a digit (`cell`, `digit`). */
    bool places() const { return cell >= 0; }
};

/**
 * The candidates of an 81-character board: per cell, bit d-1 for each digit d that no
 * filled cell of its row, column or box excludes; a filled cell holds its digit's bit.
 * Returns the SUDOKU_* status (SUDOKU_ERR_INVALID_ARGUMENT for a string that is not 81
 * long); `out` is written only on SUDOKU_OK.
 */
inline int candidates(const std::string& board, std::uint16_t (&out)[81]) {
    if (board.size() != cells) return SUDOKU_ERR_INVALID_ARGUMENT;
    return sudoku_candidates(board.data(), out);
}

/**
 * The next logical step on an 81-character board with the player's candidates (NULL:
 * those of sudoku::candidates): the simplest technique that makes progress. Returns the
 * SUDOKU_* status of sudoku_hint (SUDOKU_ERR_INVALID_ARGUMENT for a string that is not 81
 * long); `out` is written only on SUDOKU_OK, its name included.
 */
inline int hint(const std::string& board, const std::uint16_t* candidates, step& out) {
    if (board.size() != cells) return SUDOKU_ERR_INVALID_ARGUMENT;
    SudokuStep s;
    int status = sudoku_hint(board.data(), candidates, &s);
    if (status == SUDOKU_OK) {
        static_cast<SudokuStep&>(out) = s;
        out.name = sudoku_technique_name(s.technique);
    }
    return status;
}

/**
 * The next logical step with the candidates of sudoku::candidates. On failure, `*status`
 * (when given) gets the status and the step is SUDOKU_TECHNIQUE_NONE.
 */
inline step hint(const std::string& board, int* status = 0) {
    step out;
    int rc = hint(board, 0, out);
    if (status) *status = rc;
    return out;
}

/**
 * Applies a step to an 81-character board and its candidates (sudoku_apply_step): places
 * the step's digit and removes its candidates. Returns the status; nothing is changed
 * unless it is SUDOKU_OK (SUDOKU_ERR_INVALID_ARGUMENT for a board that is not 81 long or a
 * step that does not fit).
 */
inline int apply(std::string& board, std::uint16_t (&candidates)[81], const SudokuStep& s) {
    if (board.size() != cells) return SUDOKU_ERR_INVALID_ARGUMENT;
    char flat[81];
    for (std::size_t i = 0; i < cells; ++i) flat[i] = board[i];
    int status = sudoku_apply_step(flat, candidates, &s);
    if (status == SUDOKU_OK) board.assign(flat, cells);
    return status;
}

} // namespace sudoku

#endif /* SUDOKU_HPP */
