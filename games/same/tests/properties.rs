//! Property tests of the rules: on boards of every shape and colour count,
//! with or without empty cells, a click removes exactly the group the
//! flood fill finds (checked against a brute force), every other dot is
//! conserved, no dot is left floating, no empty column is left of one with
//! dots, whether a move is left is told right, and a save of any position
//! reached loads back to the same game.

use std::collections::{BTreeMap, BTreeSet};

use game_api::{NewGame, SaveLoad};
use proptest::prelude::*;
use same::board::{Board, Cell, MAX_COLOURS};
use same::deal::deal;
use same::game::Same;
use same::score::click_score;

/// Any board up to 8 × 8: each cell empty or of one of `colours` colours
/// (not settled: groups are defined on any board).
fn any_board() -> impl Strategy<Value = Board> {
    (1usize..=8, 1usize..=8, 1usize..=MAX_COLOURS).prop_flat_map(|(w, h, k)| {
        prop::collection::vec(prop::option::weighted(0.8, 0..k as u8), w * h).prop_map(
            move |cells| {
                let mut board = Board::empty(w, h);
                for (i, colour) in cells.into_iter().enumerate() {
                    board.set(Cell::new(i % w, i / w), colour);
                }
                board
            },
        )
    })
}

/// A dealt board and the cells a player clicks, some of them misses.
fn game_plan() -> impl Strategy<Value = (Board, Vec<(usize, usize)>)> {
    (
        1usize..=12,
        1usize..=10,
        1usize..=MAX_COLOURS,
        any::<u64>(),
        prop::collection::vec((0usize..12, 0usize..10), 0..60),
    )
        .prop_map(|(w, h, k, seed, clicks)| (deal(w, h, k, seed), clicks))
}

/// The group of `cell` by repeated widening until nothing changes.
fn brute_force_group(board: &Board, cell: Cell) -> BTreeSet<Cell> {
    let Some(colour) = board.get(cell) else {
        return BTreeSet::new();
    };
    let mut group = BTreeSet::from([cell]);
    loop {
        let wider: BTreeSet<Cell> = board
            .cells()
            .filter(|&c| {
                board.get(c) == Some(colour)
                    && group
                        .iter()
                        .any(|g| g.col.abs_diff(c.col) + g.row.abs_diff(c.row) <= 1)
            })
            .collect();
        if wider == group {
            return group;
        }
        group = wider;
    }
}

/// The colours of each column's dots from the bottom up, empty columns
/// left out: what gravity and column closing keep.
fn stacks(board: &Board) -> Vec<Vec<u8>> {
    (0..board.width())
        .map(|col| {
            (0..board.height())
                .rev()
                .filter_map(|row| board.get(Cell::new(col, row)))
                .collect::<Vec<u8>>()
        })
        .filter(|s| !s.is_empty())
        .collect()
}

proptest! {
    #[test]
    fn flood_fill_finds_the_brute_force_group(board in any_board()) {
        for cell in board.cells() {
            let found = board.group(cell);
            let set: BTreeSet<Cell> = found.iter().copied().collect();
            prop_assert_eq!(set.len(), found.len(), "a cell found twice");
            prop_assert_eq!(&set, &brute_force_group(&board, cell));
            let n = found.len();
            prop_assert_eq!(board.removable(cell), if n >= 2 { n } else { 0 });
        }
        // The groups partition the dots.
        let total: usize = board.groups().iter().map(Vec::len).sum();
        prop_assert_eq!(total, board.dot_count());
    }

    #[test]
    fn a_move_is_left_exactly_when_a_group_has_two_dots(board in any_board()) {
        let any = board.cells().any(|c| board.group(c).len() >= 2);
        prop_assert_eq!(board.has_move(), any);
    }

    #[test]
    fn removals_conserve_the_other_dots_and_leave_the_board_settled(
        (mut board, clicks) in game_plan()
    ) {
        prop_assert!(board.is_settled());
        for (col, row) in clicks {
            let cell = Cell::new(col, row);
            let before = board.clone();
            let group: BTreeSet<Cell> = before.group(cell).into_iter().collect();
            match board.remove(cell) {
                None => {
                    prop_assert!(group.len() < 2);
                    prop_assert_eq!(&board, &before, "a miss changes nothing");
                }
                Some(removal) => {
                    prop_assert!(group.len() >= 2);
                    let removed: BTreeSet<Cell> = removal.removed.iter().copied().collect();
                    prop_assert_eq!(&removed, &group);
                    let colour = before.get(cell).unwrap();
                    prop_assert_eq!(removal.colour, colour);
                    // Dots are conserved minus those removed, colour by colour.
                    let mut expected = before.colour_counts();
                    expected[colour as usize] -= group.len();
                    prop_assert_eq!(board.colour_counts(), expected);
                    prop_assert_eq!(board.dot_count(), before.dot_count() - group.len());
                    // No floating dots, no empty column left of dots.
                    prop_assert!(board.is_settled(), "{}", board);
                    // Each column keeps its order, minus the group.
                    let mut kept = before.clone();
                    for &c in &group {
                        kept.set(c, None);
                    }
                    prop_assert_eq!(stacks(&board), stacks(&kept));
                    // Every move is a dot going where the board has it now.
                    let mut targets = BTreeMap::new();
                    for &(from, to) in &removal.moved {
                        prop_assert_eq!(before.get(from), board.get(to));
                        prop_assert!(to.row >= from.row && to.col <= from.col);
                        prop_assert!(targets.insert(to, from).is_none());
                    }
                    for (c, colour) in board.dots() {
                        if !targets.contains_key(&c) {
                            prop_assert_eq!(before.get(c), Some(colour), "{:?} stayed", c);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn any_position_reached_saves_and_loads_back(
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..12)
    ) {
        let mut game = Same::with_board(deal(10, 8, 3, 0));
        game.new_game(seed);
        let mut points = 0;
        for pick in picks {
            let groups: Vec<Vec<Cell>> = game
                .board()
                .groups()
                .into_iter()
                .filter(|g| g.len() >= 2)
                .collect();
            if groups.is_empty() {
                break;
            }
            let group = pick.get(&groups);
            prop_assert!(game.click(group[0]));
            points += click_score(group.len());
        }
        prop_assert_eq!(game.score().clicks, points);
        let bytes = game.save();
        let mut other = Same::with_board(deal(20, 16, 5, 1));
        other.load(&bytes).unwrap();
        prop_assert_eq!(other.board(), game.board());
        prop_assert_eq!(other.score(), game.score());
        prop_assert_eq!(other.game_id(), game.game_id());
        prop_assert_eq!(other.save(), bytes);
    }

    #[test]
    fn a_game_id_replays_its_board(seed in any::<u64>(), size in 0usize..4, colours in 0usize..4) {
        let settings = same::settings::Settings {
            size: same::settings::SIZES[size],
            colours: same::settings::COLOURS[colours],
        };
        let game = Same::with_seed(settings, seed);
        let mut other = Same::with_seed(same::settings::Settings::default(), 0);
        // A dealt board with no move at all is not offered as an ID; it
        // practically never happens.
        prop_assume!(game.board().has_move());
        other.start_from_game_id(&game.game_id()).unwrap();
        prop_assert_eq!(other.board(), game.board());
        prop_assert_eq!(other.settings(), settings);
    }
}
