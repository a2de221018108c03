//! The rules of the Sudoku Explainer scale, named as Sudoku Explainer names them, with the
//! base rating of each and the rule that raises a chain's rating with its length.

/// A rule of the Sudoku Explainer scale, in the order its walk tries them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SeRule {
    /// The last open cell of a block, row or column (1.0).
    LastValue,
    /// A digit with one place in a block (1.2) or in a row or column (1.5).
    HiddenSingle,
    /// Pointing that leaves a digit one place in a unit (1.7).
    DirectPointing,
    /// Claiming that leaves a digit one place in a unit (1.9).
    DirectClaiming,
    /// A hidden pair whose removals leave a digit one place in the unit (2.0).
    DirectHiddenPair,
    /// A cell with one candidate (2.3).
    NakedSingle,
    /// A hidden triple whose removals leave a digit one place in the unit (2.5).
    DirectHiddenTriplet,
    /// A digit confined, in a block, to one row or column (2.6).
    Pointing,
    /// A digit confined, in a row or column, to one block (2.8).
    Claiming,
    /// Naked pair (3.0).
    NakedPair,
    /// X-Wing (3.2).
    XWing,
    /// Hidden pair (3.4).
    HiddenPair,
    /// Naked triplet (3.6).
    NakedTriplet,
    /// Swordfish (3.8).
    Swordfish,
    /// Hidden triplet (4.0).
    HiddenTriplet,
    /// XY-Wing (4.2).
    XyWing,
    /// XYZ-Wing (4.4).
    XyzWing,
    /// Unique rectangles and loops, types 1 to 4 (4.5-5.3).
    UniqueLoop,
    /// Naked quad (5.0).
    NakedQuad,
    /// Jellyfish (5.2).
    Jellyfish,
    /// Hidden quad (5.4).
    HiddenQuad,
    /// Bivalue universal grave, types 1 to 4 (5.6-6.1).
    Bug,
    /// Aligned pair exclusion (6.2).
    AlignedPairExclusion,
    /// A cycle on one digit (6.5 and up).
    XCycle,
    /// A chain on one digit from a candidate to its own negation (6.5 and up).
    ForcingXChain,
    /// A cycle of bivalue cells (6.6 and up).
    YCycle,
    /// A chain of bivalue cells from a candidate to its own negation (6.6 and up).
    ForcingYChain,
    /// A cycle over several digits (7.0 and up).
    BidirectionalCycle,
    /// A chain over several digits from a candidate to its own negation (7.0 and up).
    ForcingChain,
    /// Aligned triplet exclusion (7.5).
    AlignedTripletExclusion,
    /// A candidate whose assumption leads, on its digit alone, to a contradiction (7.5 and
    /// up).
    NishioForcingChain,
    /// Every candidate of a cell, or every place of a digit in a unit, leads by chains to
    /// the same conclusion (8.0 and up).
    MultipleForcingChain,
    /// Chains that see the removals of the chain so far (8.5 and up).
    DynamicForcingChain,
    /// Dynamic chains that also apply the basic techniques as they go (9.0 and up).
    DynamicForcingChainPlus,
    /// Dynamic chains that apply chains within them (9.5 and up).
    NestedForcingChain,
}

impl SeRule {
    /// The name Sudoku Explainer gives the rule.
    pub fn name(self) -> &'static str {
        match self {
            SeRule::LastValue => "Last Value",
            SeRule::HiddenSingle => "Hidden Single",
            SeRule::DirectPointing => "Direct Pointing",
            SeRule::DirectClaiming => "Direct Claiming",
            SeRule::DirectHiddenPair => "Direct Hidden Pair",
            SeRule::NakedSingle => "Naked Single",
            SeRule::DirectHiddenTriplet => "Direct Hidden Triplet",
            SeRule::Pointing => "Pointing",
            SeRule::Claiming => "Claiming",
            SeRule::NakedPair => "Naked Pair",
            SeRule::XWing => "X-Wing",
            SeRule::HiddenPair => "Hidden Pair",
            SeRule::NakedTriplet => "Naked Triplet",
            SeRule::Swordfish => "Swordfish",
            SeRule::HiddenTriplet => "Hidden Triplet",
            SeRule::XyWing => "XY-Wing",
            SeRule::XyzWing => "XYZ-Wing",
            SeRule::UniqueLoop => "Unique Rectangle",
            SeRule::NakedQuad => "Naked Quad",
            SeRule::Jellyfish => "Jellyfish",
            SeRule::HiddenQuad => "Hidden Quad",
            SeRule::Bug => "Bivalue Universal Grave",
            SeRule::AlignedPairExclusion => "Aligned Pair Exclusion",
            SeRule::XCycle => "X-Cycle",
            SeRule::ForcingXChain => "Forcing X-Chain",
            SeRule::YCycle => "Y-Cycle",
            SeRule::ForcingYChain => "Forcing Y-Chain",
            SeRule::BidirectionalCycle => "Bidirectional Cycle",
            SeRule::ForcingChain => "Forcing Chain",
            SeRule::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            SeRule::NishioForcingChain => "Nishio Forcing Chains",
            SeRule::MultipleForcingChain => "Cell/Region Forcing Chains",
            SeRule::DynamicForcingChain => "Dynamic Forcing Chains",
            SeRule::DynamicForcingChainPlus => "Dynamic Forcing Chains (+)",
            SeRule::NestedForcingChain => "Nested Forcing Chains",
        }
    }
}

/// What a chain of `complexity` nodes adds to its rule's base rating, in tenths: a tenth
/// each time `complexity - 2` passes the next of 4, 6, 8, 12, 16, 24, 32, ... (alternately
/// times 3/2 and times 4/3), so nothing up to 6 nodes.
pub(crate) fn length_bonus(complexity: usize) -> i32 {
    let length = complexity.saturating_sub(2);
    let mut ceil = 4usize;
    let mut odd = false;
    let mut added = 0;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The most complexity a chain can have whose [`length_bonus`] is at most `bonus` (0 or
/// more): two more than the `bonus`-th of the lengths where the bonus steps.
pub(crate) fn longest_within(bonus: i32) -> usize {
    let mut ceil = 4u64;
    let mut odd = false;
    for _ in 0..bonus {
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
        if ceil > 1 << 40 {
            // Longer than any chain of 1458 nodes can be.
            return usize::MAX;
        }
    }
    usize::try_from(ceil + 2).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_chain_within_a_bonus_is_the_last_with_that_bonus() {
        for bonus in 0..20 {
            let n = longest_within(bonus);
            assert!(length_bonus(n) <= bonus, "{bonus}");
            assert!(length_bonus(n + 1) > bonus, "{bonus}");
        }
        assert_eq!(longest_within(0), 6);
        assert_eq!(longest_within(200), usize::MAX);
    }

    #[test]
    fn the_length_bonus_steps_at_the_published_lengths() {
        let steps: Vec<usize> = (0..200)
            .filter(|&n| length_bonus(n + 1) > length_bonus(n))
            .map(|n| n + 1 - 2)
            .collect();
        assert_eq!(steps, [5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193]);
        assert_eq!(length_bonus(0), 0);
        assert_eq!(length_bonus(6), 0);
        assert_eq!(length_bonus(7), 1);
    }
}
