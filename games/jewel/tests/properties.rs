//! Property tests of the rules over random boards and games: only swaps
//! that make a line are accepted, gravity keeps each column's order, a
//! cascade leaves a board at rest and scores every line, and the
//! original's own test for a move left agrees with ours.

use game_api::{Rng, SaveLoad};
use jewel::board::{Board, CELLS, Cell, Dir, Jewel, KINDS, Mask, SIZE};
use jewel::play::{CREDIT, End, Phase, Refusal};
use jewel::{Difficulty, JewelGame, Play};
use proptest::prelude::*;

/// A random board without a line: random kinds, each cell in reading
/// order turned to the next kind until it ends no line with the two to
/// its left or the two above it.
fn calm_board() -> impl Strategy<Value = Board> {
    (
        prop::collection::vec(0..KINDS, CELLS),
        prop::collection::vec(0..KINDS, CELLS),
    )
        .prop_map(|(kinds, decoys)| {
            let mut board = Board::from_jewels([Jewel::of_kind(0); CELLS]);
            for cell in Cell::all() {
                let mut kind = kinds[cell.index()];
                let same = |board: &Board, a: Option<Cell>, b: Option<Cell>, k: u8| {
                    matches!((a, b), (Some(a), Some(b)) if board.kind(a) == k && board.kind(b) == k)
                };
                loop {
                    let left1 = cell.step(Dir::Left);
                    let left2 = left1.and_then(|c| c.step(Dir::Left));
                    let up1 = cell.step(Dir::Up);
                    let up2 = up1.and_then(|c| c.step(Dir::Up));
                    if !same(&board, left1, left2, kind) && !same(&board, up1, up2, kind) {
                        break;
                    }
                    kind = (kind + 1) % KINDS;
                }
                board.set(
                    cell,
                    Jewel {
                        kind,
                        decoy: decoys[cell.index()],
                    },
                );
            }
            board
        })
}

/// Every pair of neighbours, each once.
fn neighbour_pairs() -> Vec<(Cell, Cell)> {
    let mut pairs = Vec::new();
    for cell in Cell::all() {
        for dir in [Dir::Right, Dir::Down] {
            if let Some(next) = cell.step(dir) {
                pairs.push((cell, next));
            }
        }
    }
    pairs
}

/// The original's test for a move left (`anymove?` in jewel.rkt): for
/// each jewel, 16 patterns of two more cells of its kind around it. It
/// counts pattern matches (its "MOVES"); we only ask whether there is one.
fn original_any_move(board: &Board) -> bool {
    const CHKPOS: [[i32; 4]; 16] = [
        [1, -1, 0, 1],
        [-1, -1, -1, 1],
        [0, -1, 1, 1],
        [0, -2, 0, 1],
        [1, 1, -1, 0],
        [1, -1, -1, -1],
        [1, 0, -1, 1],
        [2, 0, -1, 0],
        [-1, 1, 0, -1],
        [1, 1, 1, -1],
        [0, 1, -1, -1],
        [0, 2, 0, -1],
        [-1, -1, 1, 0],
        [-1, 1, 1, 1],
        [-1, 0, 1, -1],
        [-2, 0, 1, 0],
    ];
    // The original's move-db: the board with a border of two cells of -1.
    let kind_at = |x: i32, y: i32| -> i32 {
        if (0..SIZE as i32).contains(&x) && (0..SIZE as i32).contains(&y) {
            i32::from(board.kind(Cell::new(y as usize, x as usize)))
        } else {
            -1
        }
    };
    Cell::all().any(|cell| {
        let (x, y) = (cell.col as i32, cell.row as i32);
        let kind = kind_at(x, y);
        CHKPOS
            .iter()
            .any(|k| kind_at(x + k[0], y + k[1]) == kind && kind_at(x + k[2], y + k[3]) == kind)
    })
}

proptest! {
    #[test]
    fn accepted_swaps_make_a_line_and_refused_ones_do_not(board in calm_board(), seed: u64) {
        prop_assert!(!board.has_match());
        for (a, b) in neighbour_pairs() {
            let mut after = board;
            after.swap(a, b);
            let mut play = Play::with_board(board, Rng::new(seed), Difficulty::Beginner);
            let before = play.clone();
            match play.try_swap(a, b) {
                Ok(cascade) => {
                    prop_assert!(after.has_match(), "{a:?} {b:?} accepted without a line");
                    // The first round's lines are the swapped board's, and
                    // one of them goes through a moved jewel.
                    prop_assert_eq!(cascade.steps[0].before, after);
                    prop_assert!(cascade.steps[0].vanished.contains(a) || cascade.steps[0].vanished.contains(b));
                }
                Err(refusal) => {
                    prop_assert_eq!(refusal, Refusal::NoLine);
                    prop_assert!(!after.has_match(), "{a:?} {b:?} refused with a line");
                    prop_assert_eq!(&play, &before);
                }
            }
        }
        prop_assert_eq!(board.has_move(), !board.legal_swaps().is_empty());
    }

    #[test]
    fn a_swap_leaves_a_board_at_rest_and_scores_every_line(board in calm_board(), seed: u64, pick: prop::sample::Index) {
        let swaps = board.legal_swaps();
        prop_assume!(!swaps.is_empty());
        let (a, b) = swaps[pick.index(swaps.len())];
        let mut play = Play::with_board(board, Rng::new(seed), Difficulty::Beginner);
        let life = play.life();
        let cascade = play.try_swap(b, a).unwrap();
        prop_assert!(!play.board().has_match());
        let mut points = 0;
        for step in &cascade.steps {
            prop_assert!(!step.runs.is_empty());
            prop_assert_eq!(step.before.matched(), step.vanished);
            for &(run, p) in &step.runs {
                prop_assert!(run.len >= 3);
                prop_assert_eq!(p as usize, run.len - 1);
                prop_assert!(run.cells().all(|c| step.before.kind(c) == run.kind));
                points += p;
            }
        }
        prop_assert_eq!(play.score(), points);
        prop_assert!((play.life() - (life + CREDIT * f64::from(points))).abs() < 1e-9);
        prop_assert_eq!(play.phase() == Phase::Over(End::NoMoves), !play.board().has_move());
        prop_assert_eq!(play.level() * 10 + play.stage(), points);
    }

    #[test]
    fn gravity_keeps_each_columns_order_and_refills_the_top(board in calm_board(), vanish: u64, seed: u64) {
        let mask = Mask(vanish);
        let mut after = board;
        let mut rng = Rng::new(seed);
        let falls = after.collapse(mask, &mut rng);
        for col in 0..SIZE {
            let kept: Vec<Jewel> = (0..SIZE)
                .map(|row| Cell::new(row, col))
                .filter(|&c| !mask.contains(c))
                .map(|c| board.get(c))
                .collect();
            let gone = SIZE - kept.len();
            let bottom: Vec<Jewel> = (gone..SIZE).map(|row| after.get(Cell::new(row, col))).collect();
            prop_assert_eq!(bottom, kept);
            for row in 0..gone {
                prop_assert_eq!(usize::from(falls[Cell::new(row, col).index()]), gone);
            }
            // Each kept jewel fell by the gaps below it.
            let mut row_after = SIZE;
            for row in (0..SIZE).rev() {
                let c = Cell::new(row, col);
                if mask.contains(c) {
                    continue;
                }
                row_after -= 1;
                prop_assert_eq!(usize::from(falls[Cell::new(row_after, col).index()]), row_after - row);
            }
        }
        // As many new jewels as gaps, each a draw of the generator.
        let mut again = Rng::new(seed);
        for _ in 0..mask.len() {
            Jewel::random(&mut again);
        }
        prop_assert_eq!(rng, again);
    }

    #[test]
    fn the_originals_test_for_a_move_agrees_with_ours(board in calm_board()) {
        prop_assert_eq!(original_any_move(&board), board.has_move());
    }

    #[test]
    fn every_seed_deals_a_board_at_rest_with_a_move(seed: u64) {
        let play = Play::deal(seed, Difficulty::Beginner);
        prop_assert!(!play.board().has_match());
        prop_assert!(play.board().has_move());
        prop_assert_eq!(play.phase(), Phase::Ready);
    }

    #[test]
    fn a_game_saved_anywhere_loads_back_the_same(seed: u64, swaps in 0usize..12, picks in prop::collection::vec(any::<prop::sample::Index>(), 12)) {
        let mut game = JewelGame::with_seed(seed, Difficulty::ALL[(seed % 5) as usize]);
        game.start();
        for pick in picks.iter().take(swaps) {
            let legal = game.play().board().legal_swaps();
            if legal.is_empty() || game.play().phase() != Phase::Playing {
                break;
            }
            let (a, b) = legal[pick.index(legal.len())];
            game.swap(a, b);
            game.tick(0.7);
        }
        let bytes = game.save();
        let mut other = JewelGame::with_seed(seed ^ 1, Difficulty::Beginner);
        other.load(&bytes).unwrap();
        prop_assert_eq!(other.save(), bytes);
        prop_assert_eq!(other.play().board(), game.play().board());
        prop_assert_eq!(other.play().rng(), game.play().rng());
        // The same swap from both gives the same refills.
        if game.play().phase() == Phase::Playing {
            let (a, b) = game.play().board().legal_swaps()[0];
            let mut p = game.play().clone();
            let mut q = other.play().clone();
            q.set_paused(false);
            let x = p.try_swap(a, b).unwrap();
            let y = q.try_swap(a, b).unwrap();
            prop_assert_eq!(x, y);
        }
    }
}

#[test]
fn the_originals_test_finds_no_move_where_we_find_none() {
    let stuck =
        Board::parse("00110011/22332233/00110011/22332233/00110011/22332233/00110011/22332233")
            .unwrap();
    assert!(!original_any_move(&stuck) && !stuck.has_move());
}
