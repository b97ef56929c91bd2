//! The original's facts, with its expected values: the tests of `maze.rkt`
//! and `state.rkt` (Racket 8.7's `games/tally-maze`), and values printed
//! by the original's own code for other maze numbers (`tests/data/`):
//! decoded mazes, their walls, and whole games played key by key.

use tally_maze::maze::{Cell, Enumeration, Maze};
use tally_maze::nat::Nat;
use tally_maze::rules::{Position, Tally, Turn};
use tally_maze::search::{Found, shortest_win};

fn n(text: &str) -> Nat {
    Nat::parse_decimal(text).unwrap()
}

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `maze.rkt`'s test: `(enum-count (maze/e i j))` for 1 ≤ i, j ≤ 9.
#[test]
fn the_maze_counts_are_the_originals() {
    let expected = [
        ["1", "1", "1", "1", "1", "1", "1", "1", "1"],
        ["1", "4", "14", "32", "60", "100", "154", "224", "312"],
        [
            "1", "14", "192", "1592", "9088", "40200", "144640", "442024", "1187712",
        ],
        [
            "1",
            "32",
            "1592",
            "48576",
            "966432",
            "14277056",
            "162024480",
            "1483461856",
            "11380684512",
        ],
        [
            "1",
            "60",
            "9088",
            "966432",
            "64276480",
            "3107936000",
            "108447726080",
            "2888781507968",
            "63634822939136",
        ],
        [
            "1",
            "100",
            "40200",
            "14277056",
            "3107936000",
            "505206939648",
            "57343330411904",
            "4517833584448000",
            "265075058064153216",
        ],
        [
            "1",
            "154",
            "144640",
            "162024480",
            "108447726080",
            "57343330411904",
            "22277369393520640",
            "5823531873245840896",
            "1048876337051644747776",
        ],
        [
            "1",
            "224",
            "442024",
            "1483461856",
            "2888781507968",
            "4517833584448000",
            "5823531873245840896",
            "5198113431992927961088",
            "3121738536955876740462592",
        ],
        [
            "1",
            "312",
            "1187712",
            "11380684512",
            "63634822939136",
            "265075058064153216",
            "1048876337051644747776",
            "3121738536955876740462592",
            "6287843749463133375691948032",
        ],
    ];
    let e = Enumeration::new(9, 9);
    for (i, row) in expected.iter().enumerate() {
        for (j, count) in row.iter().enumerate() {
            assert_eq!(
                e.count_of(i + 1, j + 1).to_string(),
                *count,
                "{} × {}",
                i + 1,
                j + 1
            );
        }
    }
}

/// The game's board, 12 × 12: the count the original's documentation
/// gives (with commas), and the 16 × 16 count the original prints.
#[test]
fn the_documented_count_of_twelve_by_twelve_mazes() {
    assert_eq!(
        Enumeration::new(12, 12).count().to_string(),
        "254377512893447941210664002794210519990861507330048"
    );
    assert_eq!(
        Enumeration::new(16, 16).count().to_string(),
        "6047071558442633408797999878063656490199914790037659740579688354375333108700179625697869824"
    );
    assert_eq!(Enumeration::new(3, 5).count().to_string(), "9088");
}

/// `maze.rkt`'s test: `(decode-maze 6 6 i)` for i below 50.
#[test]
fn the_first_fifty_six_by_six_mazes_decode_as_the_originals() {
    let e = Enumeration::new(6, 6);
    let expected = data("decode-6x6.txt");
    let lines: Vec<&str> = expected.lines().collect();
    assert_eq!(lines.len(), 50);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(
            e.decode(&Nat::from(i as u64)).unwrap().to_string(),
            *line,
            "maze {i}"
        );
    }
    assert!(e.decode(e.count()).is_none());
}

/// `(decode-maze 12 12 n)` for numbers all over the enumeration.
#[test]
fn big_twelve_by_twelve_numbers_decode_as_the_originals() {
    let e = Enumeration::shared(12, 12);
    for line in data("decode-12x12.txt").lines() {
        let (number, expected) = line.split_once(' ').unwrap();
        assert_eq!(
            e.decode(&n(number)).unwrap().to_string(),
            expected,
            "maze {number}"
        );
    }
}

/// A cell and the cells joined to it, as the original's edge tables list
/// them.
type Neighbours = ((usize, usize), &'static [(usize, usize)]);

/// `maze.rkt`'s tests of `build-walls`, on specs written by hand.
#[test]
fn build_walls_matches_the_originals_hand_made_cases() {
    use tally_maze::maze::{Division, MazeSpec};
    let leaf = || MazeSpec::Undivided;
    let divided = |ul_w, ul_h, breaks, rooms: [MazeSpec; 4]| {
        MazeSpec::Divided(Division {
            ul_w,
            ul_h,
            missing: 0,
            breaks,
            rooms: Box::new(rooms),
        })
    };
    // '((1 1 t) (0 #f 0 0) #f #f #f #f) on 2 × 2.
    let spec = divided(
        1,
        1,
        [Some(0), None, Some(0), Some(0)],
        [leaf(), leaf(), leaf(), leaf()],
    );
    let maze = Maze::build(&spec, 2, 2);
    let c = Cell::new;
    let expect = |maze: &Maze, edges: &[Neighbours]| {
        for &((x, y), ns) in edges {
            let mut got: Vec<Cell> = maze.neighbours(c(x, y)).collect();
            got.sort();
            let mut want: Vec<Cell> = ns.iter().map(|&(x, y)| c(x, y)).collect();
            want.sort();
            assert_eq!(got, want, "neighbours of ({x} . {y})");
        }
    };
    expect(
        &maze,
        &[
            ((0, 0), &[(0, 1)]),
            ((0, 1), &[(0, 0), (1, 1)]),
            ((1, 0), &[(1, 1)]),
            ((1, 1), &[(0, 1), (1, 0)]),
        ],
    );
    // '((1 2 b) (0 1 1 #f) #f ((1 1 l) (#f 0 0 0) #f #f #f #f) #f #f) on 3 × 3.
    let inner = divided(
        1,
        1,
        [None, Some(0), Some(0), Some(0)],
        [leaf(), leaf(), leaf(), leaf()],
    );
    let spec = divided(
        1,
        2,
        [Some(0), Some(1), Some(1), None],
        [leaf(), inner, leaf(), leaf()],
    );
    let maze = Maze::build(&spec, 3, 3);
    expect(
        &maze,
        &[
            ((0, 0), &[(0, 1)]),
            ((0, 1), &[(0, 0), (1, 1), (0, 2)]),
            ((0, 2), &[(0, 1)]),
            ((1, 0), &[(2, 0)]),
            ((1, 1), &[(0, 1), (2, 1)]),
            ((1, 2), &[(2, 2)]),
            ((2, 0), &[(1, 0), (2, 1)]),
            ((2, 1), &[(2, 0), (2, 2), (1, 1)]),
            ((2, 2), &[(2, 1), (1, 2)]),
        ],
    );
    // '((2 2 l) (#f 0 0 0) ((1 1 l) (#f 0 0 0) #f #f #f #f) #f #f #f) on 3 × 3.
    let inner = divided(
        1,
        1,
        [None, Some(0), Some(0), Some(0)],
        [leaf(), leaf(), leaf(), leaf()],
    );
    let spec = divided(
        2,
        2,
        [None, Some(0), Some(0), Some(0)],
        [inner, leaf(), leaf(), leaf()],
    );
    let maze = Maze::build(&spec, 3, 3);
    expect(
        &maze,
        &[
            ((0, 0), &[(1, 0)]),
            ((0, 1), &[(1, 1)]),
            ((0, 2), &[(1, 2)]),
            ((1, 0), &[(0, 0), (1, 1), (2, 0)]),
            ((1, 1), &[(0, 1), (1, 0)]),
            ((1, 2), &[(0, 2), (2, 2)]),
            ((2, 0), &[(1, 0), (2, 1)]),
            ((2, 1), &[(2, 0), (2, 2)]),
            ((2, 2), &[(2, 1), (1, 2)]),
        ],
    );
}

/// The walls `build-walls` makes of `(decode-maze w h n)`, as the original
/// prints them (`Maze::code`), for boards of several sizes.
#[test]
fn decoded_walls_are_the_originals() {
    let mut checked = 0;
    for line in data("walls.txt").lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split(' ').collect();
        let [w, h, number, walls] = parts[..] else {
            panic!("{line}")
        };
        let e = Enumeration::shared(w.parse().unwrap(), h.parse().unwrap());
        assert_eq!(
            e.maze(&n(number)).unwrap().code(),
            walls,
            "{w} × {h} maze {number}"
        );
        checked += 1;
    }
    assert_eq!(checked, 35);
}

/// Whole games played key by key in the original (`move`, `stay-put`,
/// `next-maze` of `state.rkt`), with the maze number, the ball and both
/// pumpkins after each key, up to the end of the game.
#[test]
fn games_play_out_as_in_the_original() {
    let text = data("plays.txt");
    let mut games = 0;
    let mut tally = None;
    let mut over = false;
    let pair = |s: &str| -> Cell {
        let s = s.trim_matches(|c| c == '(' || c == ')');
        let (x, y) = s.split_once(" . ").unwrap();
        Cell::new(x.parse().unwrap(), y.parse().unwrap())
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("play ") {
            let parts: Vec<&str> = rest.split(' ').collect();
            let (w, h) = (parts[0].parse().unwrap(), parts[1].parse().unwrap());
            tally = Some(Tally::on_board(w, h, &n(parts[2])).unwrap());
            over = false;
            games += 1;
            continue;
        }
        if over {
            // The original lets `n` and the space bar go on after the end;
            // here a finished game takes no more turns.
            continue;
        }
        let t = tally.as_mut().unwrap();
        // "k index (px . py) (c1x . c1y) (c2x . c2y) won caught"
        let (key, rest) = line.split_once(' ').unwrap();
        let (number, rest) = rest.split_once(' ').unwrap();
        let cells: Vec<&str> = rest.split(") (").collect();
        let player = pair(cells[0]);
        let c1 = pair(cells[1]);
        let (c2, flags) = cells[2].split_once(')').unwrap();
        let c2 = pair(c2);
        let before = t.position();
        let turn = Turn::from_letter(key.chars().next().unwrap()).unwrap();
        let took = t.play(turn);
        let expected = Position {
            presses: t.position().presses,
            player,
            pumpkins: [c1, c2],
        };
        assert_eq!(t.position(), expected, "{line}");
        assert_eq!(t.number().to_string(), number, "{line}");
        // A step into a wall changes nothing (the original pushes the
        // same state again).
        assert_eq!(took, t.position() != before || turn == Turn::Wait, "{line}");
        assert_eq!(t.is_won(), flags.contains("won"), "{line}");
        assert_eq!(
            t.is_caught(),
            flags.contains("caught") && !t.is_won(),
            "{line}"
        );
        over = t.is_over();
    }
    assert_eq!(games, 9);
}

/// `state.rkt`'s test: on the 12 × 12 board's maze 0, the arrow keys and
/// the space bar alone (no `n`) cannot win.
#[test]
fn maze_zero_cannot_be_won_without_the_next_maze() {
    let t = Tally::on_board(12, 12, &Nat::ZERO).unwrap();
    let mut mazes = t.mazes().clone();
    let without_next: Vec<Turn> = Turn::ALL
        .into_iter()
        .filter(|&t| t != Turn::NextMaze)
        .collect();
    let found = shortest_win(&mut mazes, t.position(), &without_next, 3_000_000);
    assert_eq!(found, Found::NoWin);
}

#[test]
fn the_original_decodes_nothing_past_the_last_maze() {
    let e = Enumeration::shared(12, 12);
    let last = e.count().checked_sub(&Nat::one()).unwrap();
    assert!(e.decode(&last).is_some());
    assert!(e.decode(e.count()).is_none());
    assert_eq!(
        e.next(&last),
        Nat::ZERO,
        "n after the last maze goes round to 0"
    );
}
