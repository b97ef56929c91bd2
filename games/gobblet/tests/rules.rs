//! The rules of seed 004 §1.14.1, one by one, and the original's model
//! tests (`test-model.rkt`) ported as facts: the same positions, the same
//! expected answers.

use gobblet::ai::canonical_key;
use gobblet::record::{parse_record, replay};
use gobblet::rules::{Color, Illegal, Move, Piece, Position, Variant};

const RED: Color = Color::Red;
const YELLOW: Color = Color::Yellow;

/// Plays a move for `color` whoever is to move, as the original's `move`
/// does (it takes the piece and ignores turns): `Ok` with the new position,
/// or why not.
fn mv(
    p: &Position,
    color: Color,
    size: u8,
    from: Option<(usize, usize)>,
    to: (usize, usize),
) -> Result<Position, Illegal> {
    let side = p.side();
    // The original's (i, j): i across, j down.
    let cell = |(i, j): (usize, usize)| (j * side + i) as u8;
    let mut q = p.with_to_move(color);
    let m = Move {
        size,
        from: from.map(cell),
        to: cell(to),
    };
    q.check_landing(m)?;
    q.apply(m);
    Ok(q)
}

fn stack(p: &Position, (i, j): (usize, usize)) -> Vec<(u8, Color)> {
    p.stack(j * p.side() + i)
        .into_iter()
        .map(|pc| (pc.size, pc.color))
        .collect()
}

fn position(record: &str) -> Position {
    let (variant, moves) = parse_record(record).unwrap();
    replay(variant, &moves)
}

// ----- §1.14.1, 3×3 -----

#[test]
fn three_in_a_row_of_any_sizes_wins_the_3x3_game() {
    // Red: small a3, medium b2, large c1 (a diagonal); yellow elsewhere.
    let p = position("3: Sa3 Lb1 Mb2 Sa1 Lc1");
    assert_eq!(p.winner(), Some(RED));
    assert!(p.has_line(RED) && !p.has_line(YELLOW));
    // Every row, column and diagonal wins, and nothing else does.
    let mut wins = 0;
    for mask in 0u16..512 {
        let mut q = Position::new(Variant::Small);
        for cell in 0..9 {
            if mask & (1 << cell) != 0 {
                q.place(
                    cell,
                    Piece {
                        size: 0,
                        color: RED,
                    },
                );
            }
        }
        if q.has_line(RED) {
            wins += 1;
        }
    }
    // Masks containing at least one of the 8 lines.
    let lines = Variant::Small.lines();
    let expected = (0u16..512)
        .filter(|m| lines.iter().any(|&l| m & l == l))
        .count();
    assert_eq!(wins, expected);
    assert_eq!(lines.len(), 8);
}

#[test]
fn each_3x3_player_starts_with_two_pieces_of_three_sizes() {
    let p = Position::new(Variant::Small);
    for color in [RED, YELLOW] {
        assert_eq!(p.reserve(color), vec![vec![2, 2], vec![1, 1], vec![0, 0]]);
    }
    // Any of them can come in first, smallest included.
    assert!(
        p.check(Move {
            size: 0,
            from: None,
            to: 4
        })
        .is_ok()
    );
    // A third large piece does not exist.
    let p = position("3: La1 Sa2 Lb1 Sb2");
    assert_eq!(
        p.check(Move {
            size: 2,
            from: None,
            to: 8
        }),
        Err(Illegal::NotAvailable)
    );
}

#[test]
fn a_turn_places_a_new_piece_or_moves_one_anywhere_but_where_it_is() {
    let p = position("3: Lb2 Sa1");
    let moves = p.moves();
    // Red may bring in any size, or move b2 to any of the other squares
    // (all but a1's small yellow, which b2's large piece may gobble too).
    assert!(moves.contains(&Move {
        size: 1,
        from: None,
        to: 0
    }));
    let b2 = 4;
    let from_b2: Vec<u8> = moves
        .iter()
        .filter(|m| m.from == Some(b2))
        .map(|m| m.to)
        .collect();
    assert_eq!(from_b2, vec![0, 1, 2, 3, 5, 6, 7, 8]);
    assert_eq!(
        p.check(Move {
            size: 2,
            from: Some(b2),
            to: b2
        }),
        Err(Illegal::SameSquare)
    );
    // Only the player to move's own pieces move.
    assert_eq!(
        p.check(Move {
            size: 0,
            from: Some(6),
            to: 0
        }),
        Err(Illegal::NotYourPiece)
    );
}

#[test]
fn a_piece_gobbles_only_a_smaller_one_of_either_colour() {
    let p = position("3: Mb2 Sa1");
    // Red's medium may not go onto a medium, may onto yellow's small…
    let q = position("3: Mb2 Mc3");
    assert_eq!(
        q.check(Move {
            size: 1,
            from: Some(4),
            to: 2
        }),
        Err(Illegal::TooSmall)
    );
    assert!(
        p.check(Move {
            size: 1,
            from: Some(4),
            to: 6
        })
        .is_ok()
    );
    // …and a large piece may gobble red's own medium.
    assert!(
        p.check(Move {
            size: 2,
            from: None,
            to: 4
        })
        .is_ok()
    );
    // A gobbling piece may itself be gobbled: a stack of three.
    let r = position("3: Sb2 Mb2 Lb2");
    assert_eq!(
        r.stack(4),
        vec![
            Piece {
                size: 2,
                color: RED
            },
            Piece {
                size: 1,
                color: YELLOW
            },
            Piece {
                size: 0,
                color: RED
            }
        ]
    );
}

#[test]
fn only_the_top_piece_moves_and_counts_and_lifting_it_uncovers_the_one_below() {
    // Yellow's medium on a1 is gobbled by red's large.
    let p = position("3: Sc3 Ma1 La1 Sb3");
    assert_eq!(
        p.top(6).unwrap(),
        Piece {
            size: 2,
            color: RED
        }
    );
    // Yellow cannot move its gobbled medium.
    assert_eq!(
        p.check(Move {
            size: 1,
            from: Some(6),
            to: 4
        })
        .unwrap_err(),
        Illegal::NotYourPiece
    );
    // Red lifts the large piece: the medium is seen again, and counts.
    let q = position("3: Sc3 Ma1 La1 Sb3 a1>b2");
    assert_eq!(
        q.top(6).unwrap(),
        Piece {
            size: 1,
            color: YELLOW
        }
    );
    assert_eq!(q.visible(YELLOW).count_ones(), 2);
}

#[test]
fn uncovering_an_opponents_line_loses_even_with_a_line_of_ones_own() {
    // Yellow holds a3 and b3; red's large covers yellow's small on c3.
    // Red's pieces: a1, b1, and the large on c3.
    let base = "3: Ma1 Sc3 Mb1 Ma3 Lc3 Mb3";
    let p = position(base);
    assert_eq!(p.to_move(), RED);
    assert_eq!(p.winner(), None);
    // Red moves c3's large to c1: red makes a1-b1-c1, but uncovers
    // yellow's a3-b3-c3: yellow wins.
    let q = position(&format!("{base} c3>c1"));
    assert!(q.has_line(RED) && q.has_line(YELLOW));
    assert_eq!(q.winner(), Some(YELLOW));
    // Moving it somewhere harmless also loses at once.
    let q = position(&format!("{base} c3>b2"));
    assert_eq!(q.winner(), Some(YELLOW));
}

#[test]
fn uncovering_is_no_loss_when_the_move_covers_the_line_again() {
    // Yellow: a3 and b3, and a small on c3 under red's large; red lifts the
    // large from c3 and puts it on b3's medium: the line is covered again.
    let base = "3: Ma1 Sc3 Mb1 Ma3 Lc3 Mb3";
    let q = position(&format!("{base} c3>b3"));
    assert!(!q.has_line(YELLOW));
    assert_eq!(q.winner(), None);
}

// ----- §1.14.1, 4×4 -----

#[test]
fn four_in_a_row_wins_the_4x4_game_and_three_do_not() {
    let p = position("4: Xa4 Xa1 Xb4 Xb1 Xc4 Xc1");
    assert_eq!(p.winner(), None);
    let p = position("4: Xa4 Xa1 Xb4 Xb1 Xc4 Xc1 Ld4");
    assert_eq!(p.winner(), Some(RED));
    assert_eq!(Variant::Large.lines().len(), 10);
}

#[test]
fn each_4x4_player_has_three_stacks_of_four_sizes() {
    let p = Position::new(Variant::Large);
    for color in [RED, YELLOW] {
        assert_eq!(p.reserve(color), vec![vec![3, 2, 1, 0]; 3]);
    }
    // A smaller piece comes out only once the larger above it is gone.
    assert_eq!(
        p.check(Move {
            size: 2,
            from: None,
            to: 0
        }),
        Err(Illegal::NotAvailable)
    );
    assert!(
        p.check(Move {
            size: 3,
            from: None,
            to: 0
        })
        .is_ok()
    );
    let q = position("4: Xa1 Xd4");
    assert!(
        q.check(Move {
            size: 2,
            from: None,
            to: 5
        })
        .is_ok()
    );
    assert_eq!(
        q.check(Move {
            size: 1,
            from: None,
            to: 5
        }),
        Err(Illegal::NotAvailable)
    );
}

#[test]
fn a_new_4x4_piece_gobbles_only_an_opponents_piece_in_a_line_of_three() {
    // Direct: yellow smalls on a1, b1, c1 via stacks; red to move.
    let mut q = Position::new(Variant::Large);
    for cell in [12, 13, 14] {
        q.place(
            cell,
            Piece {
                size: 0,
                color: YELLOW,
            },
        );
    }
    q.place(
        0,
        Piece {
            size: 0,
            color: RED,
        },
    );
    q.place(
        15,
        Piece {
            size: 0,
            color: RED,
        },
    );
    // Those three can be gobbled from off the board, and d1 (empty) taken.
    for cell in [12u8, 13, 14] {
        assert!(
            q.check(Move {
                size: 3,
                from: None,
                to: cell
            })
            .is_ok()
        );
    }
    // Red's own piece on d1 may not be gobbled by a new piece…
    assert_eq!(
        q.check(Move {
            size: 3,
            from: None,
            to: 15
        }),
        Err(Illegal::NewOnOwnPiece)
    );
    // …nor a yellow piece outside a line of three.
    let mut r = Position::new(Variant::Large);
    r.place(
        5,
        Piece {
            size: 0,
            color: YELLOW,
        },
    );
    assert_eq!(
        r.check(Move {
            size: 3,
            from: None,
            to: 5
        }),
        Err(Illegal::NewNotBlocking)
    );
    // A piece already on the board may gobble anything smaller.
    r.place(
        0,
        Piece {
            size: 3,
            color: RED,
        },
    );
    assert!(
        r.check(Move {
            size: 3,
            from: Some(0),
            to: 5
        })
        .is_ok()
    );
}

#[test]
fn the_3x3_game_has_no_off_board_restriction() {
    let mut q = Position::new(Variant::Small);
    q.place(
        4,
        Piece {
            size: 0,
            color: YELLOW,
        },
    );
    q.place(
        0,
        Piece {
            size: 0,
            color: RED,
        },
    );
    assert!(
        q.check(Move {
            size: 2,
            from: None,
            to: 4
        })
        .is_ok()
    );
    assert!(
        q.check(Move {
            size: 2,
            from: None,
            to: 0
        })
        .is_ok()
    );
}

// ----- test-model.rkt: available-off-board -----

#[test]
fn original_available_off_board_3x3() {
    let e = Position::new(Variant::Small);
    assert_eq!(e.reserve(RED), vec![vec![2, 2], vec![1, 1], vec![0, 0]]);
    let b = mv(&e, RED, 0, None, (1, 1)).unwrap();
    assert_eq!(b.reserve(RED), vec![vec![2, 2], vec![1, 1], vec![0]]);
    let b2 = mv(&e, RED, 2, None, (1, 1)).unwrap();
    assert_eq!(b2.reserve(RED), vec![vec![2], vec![1, 1], vec![0, 0]]);
    let b3 = mv(&b2, YELLOW, 1, None, (2, 2)).unwrap();
    assert_eq!(b3.reserve(RED), vec![vec![2], vec![1, 1], vec![0, 0]]);
    assert_eq!(b3.reserve(YELLOW), vec![vec![2, 2], vec![1], vec![0, 0]]);
    let b4 = mv(&b3, RED, 2, None, (0, 1)).unwrap();
    assert_eq!(b4.reserve(RED), vec![vec![1, 1], vec![0, 0]]);
    assert_eq!(b4.reserve(YELLOW), vec![vec![2, 2], vec![1], vec![0, 0]]);
}

#[test]
fn original_available_off_board_4x4() {
    let full = vec![3, 2, 1, 0];
    let e = Position::new(Variant::Large);
    assert_eq!(e.reserve(RED), vec![full.clone(); 3]);
    let b2 = mv(&e, RED, 3, None, (1, 1)).unwrap();
    assert_eq!(
        b2.reserve(RED),
        vec![full.clone(), full.clone(), vec![2, 1, 0]]
    );
    let b3 = mv(&b2, YELLOW, 3, None, (2, 2)).unwrap();
    assert_eq!(
        b3.reserve(RED),
        vec![full.clone(), full.clone(), vec![2, 1, 0]]
    );
    assert_eq!(
        b3.reserve(YELLOW),
        vec![full.clone(), full.clone(), vec![2, 1, 0]]
    );
    {
        let b4 = mv(&b3, RED, 3, None, (0, 1)).unwrap();
        assert_eq!(
            b4.reserve(RED),
            vec![full.clone(), vec![2, 1, 0], vec![2, 1, 0]]
        );
        let b5 = mv(&b4, RED, 2, None, (0, 3)).unwrap();
        assert_eq!(
            b5.reserve(RED),
            vec![full.clone(), vec![2, 1, 0], vec![1, 0]]
        );
        let b5 = mv(&b4, RED, 3, None, (0, 3)).unwrap();
        assert_eq!(b5.reserve(RED), vec![vec![2, 1, 0]; 3]);
    }
    let b4 = mv(&b3, RED, 2, None, (0, 1)).unwrap();
    assert_eq!(
        b4.reserve(RED),
        vec![full.clone(), full.clone(), vec![1, 0]]
    );
    let b5 = mv(&b4, RED, 3, None, (0, 3)).unwrap();
    assert_eq!(
        b5.reserve(RED),
        vec![full.clone(), vec![2, 1, 0], vec![1, 0]]
    );
    let b6 = mv(&b5, RED, 2, None, (3, 3)).unwrap();
    assert_eq!(b6.reserve(RED), vec![full, vec![1, 0], vec![1, 0]]);
}

// ----- test-model.rkt: basic-tests under five transformations -----

type Xform = fn(usize, usize, usize) -> (usize, usize);

fn rotate(i: usize, j: usize) -> (usize, usize) {
    match (i, j) {
        (0, 0) => (1, 0),
        (0, 1) => (0, 0),
        (0, 2) => (0, 1),
        (1, 0) => (2, 0),
        (1, 1) => (1, 1),
        (1, 2) => (0, 2),
        (2, 0) => (2, 1),
        (2, 1) => (2, 2),
        (2, 2) => (1, 2),
        _ => (i, j),
    }
}

fn basic_tests(
    size: usize,
    xf: &dyn Fn(usize, usize) -> (usize, usize),
    finish: Option<(usize, usize)>,
) {
    let variant = Variant::from_side(size).unwrap();
    let (p00, p11, p22, p12, p02, p20) =
        (xf(0, 0), xf(1, 1), xf(2, 2), xf(1, 2), xf(0, 2), xf(2, 0));
    let (big, med, small) = (2u8, 1u8, 0u8);
    let b = Position::new(variant);
    assert!(stack(&b, p00).is_empty() && stack(&b, p22).is_empty());
    assert!(!b.has_line(RED) && !b.has_line(YELLOW));

    let b1 = mv(&b, RED, big, None, p00).unwrap();
    assert_eq!(stack(&b1, p00), vec![(big, RED)]);
    assert!(mv(&b1, YELLOW, big, None, p00).is_err());
    assert!(!b1.has_line(RED) && !b1.has_line(YELLOW));

    let b2 = mv(&b1, YELLOW, big, None, p11).unwrap();
    assert_eq!(stack(&b2, p00), vec![(big, RED)]);
    assert_eq!(stack(&b2, p11), vec![(big, YELLOW)]);
    assert!(mv(&b2, RED, big, None, p11).is_err());
    assert!(mv(&b2, RED, big, Some(p00), p11).is_err());

    let b3 = mv(&b2, RED, big, Some(p00), p22).unwrap();
    assert!(stack(&b3, p00).is_empty());
    assert_eq!(stack(&b3, p11), vec![(big, YELLOW)]);
    assert_eq!(stack(&b3, p22), vec![(big, RED)]);
    assert!(!b3.has_line(RED) && !b3.has_line(YELLOW));

    let b4 = mv(&b3, YELLOW, med, None, p02).unwrap();
    assert_eq!(stack(&b4, p02), vec![(med, YELLOW)]);
    assert!(!b4.has_line(RED) && !b4.has_line(YELLOW));
    assert!(mv(&b4, RED, med, None, p02).is_err());

    let b5_1 = match mv(&b4, RED, big, None, p02) {
        Ok(b) => {
            assert_eq!(size, 3);
            b
        }
        Err(e) => {
            // 4×4: yellow's medium is in no line of three.
            assert_eq!((size, e), (4, Illegal::NewNotBlocking));
            let moved = mv(&b4, RED, big, Some(p22), p02).unwrap();
            mv(&moved, RED, big, None, p22).unwrap()
        }
    };
    assert_eq!(stack(&b5_1, p11), vec![(big, YELLOW)]);
    assert_eq!(stack(&b5_1, p22), vec![(big, RED)]);
    assert_eq!(stack(&b5_1, p02), vec![(big, RED), (med, YELLOW)]);

    let b5_2 = mv(&b4, RED, big, Some(p22), p02).unwrap();
    assert!(stack(&b5_2, p22).is_empty());
    assert_eq!(stack(&b5_2, p02), vec![(big, RED), (med, YELLOW)]);

    let b6_1 = mv(&b5_1, YELLOW, small, None, p20).unwrap();
    assert_eq!(stack(&b6_1, p20), vec![(small, YELLOW)]);
    assert!(!b6_1.has_line(RED) && !b6_1.has_line(YELLOW));
    let b6_2 = mv(&b5_2, YELLOW, small, None, p20).unwrap();
    assert!(stack(&b6_2, p22).is_empty());
    assert!(!b6_2.has_line(RED) && !b6_2.has_line(YELLOW));

    // Red lifts its big piece off yellow's medium.
    let b7_1 = mv(&b6_1, RED, big, Some(p02), p12).unwrap();
    assert_eq!(stack(&b7_1, p02), vec![(med, YELLOW)]);
    assert_eq!(stack(&b7_1, p12), vec![(big, RED)]);
    assert!(!b7_1.has_line(RED));
    assert_eq!(b7_1.has_line(YELLOW), size == 3);
    let b7_2 = mv(&b6_2, RED, big, Some(p02), p12).unwrap();
    assert!(stack(&b7_2, p22).is_empty());
    assert!(!b7_2.has_line(RED));
    assert_eq!(b7_2.has_line(YELLOW), size == 3);
    if size == 3 {
        // The exposed line wins for yellow, on red's move.
        assert_eq!(b7_2.winner(), Some(YELLOW));
    }

    if let (4, Some(finish)) = (size, finish) {
        let cell20 = p20.1 * 4 + p20.0;
        assert!(b7_2.in_three(cell20, YELLOW));
        assert!(!b7_2.in_three(cell20, RED));
        let b8_2 = mv(&b7_2, RED, med, None, p20).unwrap();
        assert_eq!(stack(&b8_2, p20), vec![(med, RED), (small, YELLOW)]);
        assert!(!b8_2.has_line(RED) && !b8_2.has_line(YELLOW));
        let b8_2x = mv(&b7_2, YELLOW, med, None, finish).unwrap();
        assert!(!b8_2x.has_line(RED));
        assert!(b8_2x.has_line(YELLOW));
    }
}

#[test]
fn original_basic_tests_under_each_transformation() {
    let xforms: Vec<(Option<(usize, usize)>, Xform)> = vec![
        (None, |i, j, _| (i, j)),
        (None, |i, j, _| (j, i)),
        (None, |i, j, sz| (i, sz - 1 - j)),
        (Some((3, 1)), |i, j, _| rotate(i, j)),
        (Some((1, 3)), |i, j, _| rotate(i, 3 - 1 - j)),
    ];
    for (finish, xf) in xforms {
        basic_tests(3, &|i, j| xf(i, j, 3), finish);
        basic_tests(4, &|i, j| xf(i, j, 4), finish);
    }
    // Extra 4×4 tests for yellow's three in a row on the diagonals.
    basic_tests(4, &|i, j| (i, j + 1), Some((3, 0)));
    basic_tests(4, &|i, j| (i, 3 - (j + 1)), Some((3, 3)));
}

// ----- test-model.rkt: canonicalization -----

#[test]
fn original_canonical_forms_3x3() {
    let e = Position::new(Variant::Small);
    let key = |p: &Position, who: Color| canonical_key(&p.with_to_move(who));
    // The empty board is the same for either player (id 0 for both).
    assert_eq!(key(&e, RED), key(&e, YELLOW));
    let b1 = mv(&e, RED, 2, None, (1, 1)).unwrap();
    // Ids 1 and 2: who is to move matters.
    assert_ne!(key(&b1, RED), key(&b1, YELLOW));
    assert_ne!(key(&b1, RED), key(&e, RED));
    // Ids 3 and 7: a second big red in either corner is the same board.
    let c22 = mv(&b1, RED, 2, None, (2, 2)).unwrap();
    let c00 = mv(&b1, RED, 2, None, (0, 0)).unwrap();
    assert_eq!(key(&c22, RED), key(&c00, RED));
    assert_eq!(key(&c22, YELLOW), key(&c00, YELLOW));
    assert_ne!(key(&c22, RED), key(&c22, YELLOW));
    // Ids 11/19, then 27/35: and moving 00 to 20 gives 27/35 again.
    let b3 = mv(&c00, YELLOW, 1, None, (1, 0)).unwrap();
    let b4 = mv(&b3, RED, 2, None, (1, 0)).unwrap();
    let b5 = mv(&b4, RED, 2, Some((0, 0)), (2, 0)).unwrap();
    assert_eq!(key(&b4, RED), key(&b5, RED));
    assert_eq!(key(&b4, YELLOW), key(&b5, YELLOW));
    let ids = [
        key(&e, RED),
        key(&b1, RED),
        key(&b1, YELLOW),
        key(&c00, RED),
        key(&c00, YELLOW),
        key(&b3, RED),
        key(&b3, YELLOW),
        key(&b4, RED),
        key(&b4, YELLOW),
    ];
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            assert_ne!(a, b);
        }
    }
    // Flipping vertically, horizontally, or swapping colours and the player
    // to move gives the same key (the original's canon-test).
    for board in [&b1, &c00, &b3, &b4, &b5] {
        for who in [RED, YELLOW] {
            let k = key(board, who);
            let flip = |f: &dyn Fn(usize) -> usize, swap: bool| {
                let mut q = Position::new(Variant::Small);
                for cell in 0..9 {
                    for p in board.stack(cell).into_iter().rev() {
                        let color = if swap { p.color.other() } else { p.color };
                        q.place(
                            f(cell),
                            Piece {
                                size: p.size,
                                color,
                            },
                        );
                    }
                }
                q
            };
            let v = flip(&|c| (2 - c / 3) * 3 + c % 3, false);
            let h = flip(&|c| (c / 3) * 3 + 2 - c % 3, false);
            let s = flip(&|c| c, true);
            assert_eq!(key(&v, who), k);
            assert_eq!(key(&h, who), k);
            assert_eq!(key(&s, who.other()), k);
        }
    }
}
