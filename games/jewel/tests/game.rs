//! The game as a player meets it, through the `Game` trait without the
//! launcher: starting, the keyboard's bubble, dragging and clicking,
//! refused swaps, the clock on ticks (lengthened by lines, standing still
//! while they vanish), pausing, the end, the status line, the drawing and
//! the regions.

use game_api::Rng;
use game_api::{Button, Event, Game, Modifiers, Point, RecordingPainter, Response, Shape};
use jewel::board::{Board, Cell, Dir};
use jewel::draw::{self, BUBBLE, BUBBLE_LOCKED, CELL, COLORS, DRAG_DISTANCE, HIDDEN};
use jewel::play::{End, Phase, START_LIFE};
use jewel::{Difficulty, JewelGame, Play};

/// Row 0 starts 0 0 1: the 0 below the 1 makes a line when moved up.
const ONE_MOVE: &str = "00134560/12045601/23456012/34560123/45601234/56012345/60123456/01234560";

fn playing(seed: u64) -> JewelGame {
    JewelGame::from_play(Play::with_board(
        Board::parse(ONE_MOVE).unwrap(),
        Rng::new(seed),
        Difficulty::Beginner,
    ))
}

fn key(game: &mut JewelGame, name: &str) -> Response {
    game.handle_event(&Event::key(name))
}

fn press(game: &mut JewelGame, pos: Point) -> Response {
    game.handle_event(&Event::PointerPress {
        pos,
        button: Button::Primary,
        modifiers: Modifiers::NONE,
    })
}

fn release(game: &mut JewelGame, pos: Point) -> Response {
    game.handle_event(&Event::PointerRelease {
        pos,
        button: Button::Primary,
        modifiers: Modifiers::NONE,
    })
}

fn click(game: &mut JewelGame, cell: Cell) -> Response {
    let pos = draw::cell_center(cell);
    press(game, pos);
    release(game, pos)
}

fn tick(game: &mut JewelGame, seconds: f32) {
    let steps = (seconds * 60.0).round() as usize;
    for _ in 0..steps {
        game.handle_event(&Event::Tick { dt: 1.0 / 60.0 });
    }
}

fn frame(game: &JewelGame) -> Vec<Shape> {
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter);
    painter.shapes
}

/// The rings drawn around cells: (cell, colour).
fn rings(game: &JewelGame) -> Vec<(Cell, game_api::Rgba)> {
    frame(game)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Circle { center, style, .. } if style.fill.is_none() => {
                Some((draw::cell_at(center)?, style.stroke?.color))
            }
            _ => None,
        })
        .collect()
}

/// How many jewels are drawn in their colours.
fn jewels_drawn(game: &JewelGame) -> usize {
    frame(game)
        .iter()
        .filter(|s| match s {
            Shape::Circle { center, style, .. } | Shape::Ellipse { center, style, .. } => {
                draw::cell_at(*center).is_some() && style.fill.is_some_and(|f| COLORS.contains(&f))
            }
            Shape::Polygon { points, style } => {
                draw::cell_at(points[0]).is_some()
                    && style.fill.is_some_and(|f| COLORS.contains(&f))
            }
            _ => false,
        })
        .count()
}

#[test]
fn a_new_game_is_hidden_until_space_starts_it() {
    let mut game = JewelGame::with_seed(2024, Difficulty::Beginner);
    assert_eq!(game.play().phase(), Phase::Ready);
    assert!(game.is_hidden());
    assert_eq!(jewels_drawn(&game), 0);
    assert!(
        game.status()
            .starts_with("Press Space or click the board to start")
    );
    assert!(!game.is_ticking(), "nothing moves before the start");
    assert_eq!(key(&mut game, "Space"), Response::REDRAW);
    assert_eq!(game.play().phase(), Phase::Playing);
    assert_eq!(jewels_drawn(&game), 64);
    assert!(game.is_ticking(), "the clock runs");
    assert!(
        game.status().contains("Score 0, level 0, 75 s left"),
        "{}",
        game.status()
    );
    let regions = game.regions();
    assert_eq!(regions.len(), 4 + 64);
    assert!(regions.iter().any(|r| r.label == "Clock: 75 seconds left"));
    assert_eq!(
        regions[4].label,
        format!("row 1, column 1: {}", game.jewel_name(Cell::new(0, 0)))
    );
}

#[test]
fn a_click_on_the_board_or_a_digit_starts_too() {
    let mut game = JewelGame::with_seed(3, Difficulty::Beginner);
    assert_eq!(game.regions().last().unwrap().label, "Start the game");
    assert_eq!(click(&mut game, Cell::new(4, 4)), Response::REDRAW);
    assert_eq!(game.play().phase(), Phase::Playing);

    // The original's menu: a digit chooses the difficulty and starts.
    let mut game = JewelGame::with_seed(3, Difficulty::Beginner);
    assert_eq!(key(&mut game, "9"), Response::NONE);
    assert_eq!(key(&mut game, "3"), Response::REDRAW);
    assert_eq!(game.play().difficulty(), Difficulty::High);
    assert_eq!(game.play().phase(), Phase::Playing);
    // Once playing, digits do nothing.
    assert_eq!(key(&mut game, "1"), Response::NONE);
    assert_eq!(game.play().difficulty(), Difficulty::High);
}

#[test]
fn the_bubble_appears_in_the_corner_the_arrow_comes_from() {
    for (arrow, cell) in [
        ("ArrowRight", Cell::new(0, 0)),
        ("ArrowDown", Cell::new(0, 0)),
        ("ArrowLeft", Cell::new(0, 7)),
        ("ArrowUp", Cell::new(7, 0)),
    ] {
        let mut game = playing(1);
        assert_eq!(key(&mut game, arrow), Response::REDRAW);
        assert_eq!(game.bubble(), Some(cell), "{arrow}");
        assert_eq!(rings(&game), [(cell, BUBBLE)]);
    }
    // It then moves, and stops at the edges.
    let mut game = playing(1);
    key(&mut game, "ArrowRight");
    key(&mut game, "ArrowRight");
    assert_eq!(game.bubble(), Some(Cell::new(0, 1)));
    key(&mut game, "ArrowUp");
    assert_eq!(game.bubble(), Some(Cell::new(0, 1)));
    assert_eq!(key(&mut game, "ArrowUp"), Response::NONE);
}

#[test]
fn a_locked_bubble_swaps_with_an_arrow_and_follows_the_jewel() {
    let mut game = playing(1);
    // To row 1, column 2 (the 0 below the 1).
    for k in ["ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight"] {
        key(&mut game, k);
    }
    assert_eq!(game.bubble(), Some(Cell::new(1, 2)));
    assert_eq!(key(&mut game, "Space"), Response::REDRAW);
    assert!(game.is_locked());
    assert_eq!(rings(&game), [(Cell::new(1, 2), BUBBLE_LOCKED)]);
    assert!(game.status().starts_with("Jewel at row 2, column 3 locked"));
    assert!(
        game.regions()
            .iter()
            .any(|r| r.label.starts_with("row 2, column 3: ") && r.label.ends_with(", locked"))
    );
    assert_eq!(key(&mut game, "ArrowUp"), Response::REDRAW);
    assert!(game.play().score() >= 2);
    assert!(!game.is_locked());
    assert_eq!(game.bubble(), Some(Cell::new(0, 2)));
}

#[test]
fn a_refused_swap_goes_back_and_says_so() {
    let mut game = playing(1);
    let board = *game.play().board();
    let legal = board.legal_swaps();
    let (a, b) = (Cell::new(5, 5), Cell::new(5, 6));
    assert!(!legal.contains(&(a, b)));
    click(&mut game, a);
    assert!(game.is_locked());
    assert_eq!(click(&mut game, b), Response::REDRAW);
    assert_eq!(*game.play().board(), board);
    assert_eq!(game.play().score(), 0);
    assert!(
        game.status()
            .starts_with("That swap makes no line of three: the jewels went back."),
        "{}",
        game.status()
    );
    assert!(!game.is_locked());
    // The bubble stays where it was, as in the original.
    assert_eq!(game.bubble(), Some(a));
    // The jewels are drawn going there and back; the clock runs meanwhile.
    assert!(game.anim().is_some());
    let life = game.play().life();
    tick(&mut game, 0.5);
    assert!(game.anim().is_none());
    assert!(game.play().life() < life);
    // The note lasts until the next action.
    key(&mut game, "ArrowDown");
    assert!(game.status().starts_with("Swap two neighbours"));
}

#[test]
fn clicking_a_jewel_locks_it_and_clicking_it_again_unlocks_it() {
    let mut game = playing(1);
    click(&mut game, Cell::new(3, 3));
    assert_eq!(
        (game.bubble(), game.is_locked()),
        (Some(Cell::new(3, 3)), true)
    );
    click(&mut game, Cell::new(3, 3));
    assert!(!game.is_locked());
    click(&mut game, Cell::new(3, 3));
    // A click on a cell that is not a neighbour moves the lock there.
    click(&mut game, Cell::new(6, 6));
    assert_eq!(
        (game.bubble(), game.is_locked()),
        (Some(Cell::new(6, 6)), true)
    );
    // Then a click on a neighbour swaps.
    click(&mut game, Cell::new(1, 2));
    assert_eq!(click(&mut game, Cell::new(0, 2)), Response::REDRAW);
    assert!(game.play().score() >= 2);
}

#[test]
fn dragging_a_jewel_onto_its_neighbour_swaps_them() {
    let mut game = playing(2);
    let from = draw::cell_center(Cell::new(1, 2));
    game.handle_event(&Event::PointerMove { pos: from });
    assert_eq!(press(&mut game, from), Response::NONE);
    // A little way is not a drag yet.
    let near = Point::new(from.x + 2.0, from.y - DRAG_DISTANCE + 1.0);
    assert_eq!(
        game.handle_event(&Event::PointerMove { pos: near }),
        Response::NONE
    );
    // Far enough, mostly up: the swap happens at once, before the release.
    let far = Point::new(from.x + 5.0, from.y - DRAG_DISTANCE - 1.0);
    assert_eq!(
        game.handle_event(&Event::PointerMove { pos: far }),
        Response::REDRAW
    );
    assert!(game.play().score() >= 2);
    let score = game.play().score();
    assert_eq!(release(&mut game, far), Response::NONE);
    assert_eq!(game.play().score(), score);

    // A press and a release on the neighbour, with no move between, is a drag too.
    let mut game = playing(2);
    press(&mut game, draw::cell_center(Cell::new(1, 2)));
    assert_eq!(
        release(&mut game, draw::cell_center(Cell::new(0, 2))),
        Response::REDRAW
    );
    assert!(game.play().score() >= 2);

    // A drag off the board's edge does nothing.
    let mut game = playing(2);
    let corner = draw::cell_center(Cell::new(0, 0));
    press(&mut game, corner);
    let off = Point::new(corner.x, corner.y - CELL);
    assert_eq!(
        game.handle_event(&Event::PointerMove { pos: off }),
        Response::NONE
    );
    assert_eq!(game.play().score(), 0);
}

#[test]
fn lines_lengthen_the_clock_which_stands_still_while_they_fall() {
    // A seed whose refills leave a move (the board has one swap only).
    let seed = (0..)
        .find(|&seed| {
            let mut play = playing(seed).play().clone();
            play.try_swap(Cell::new(1, 2), Cell::new(0, 2)).unwrap();
            play.phase() == Phase::Playing
        })
        .unwrap();
    let mut game = playing(seed);
    tick(&mut game, 1.5);
    // 1.5 s at 0.4 units a 30 ms frame: 20 units.
    let life = game.play().life();
    assert!((life - (START_LIFE - 20.0)).abs() < 1e-3, "{life}");
    click(&mut game, Cell::new(1, 2));
    click(&mut game, Cell::new(0, 2));
    let points = game.play().score();
    assert!(points >= 2);
    // At once: 10 units a point.
    assert!((game.play().life() - (life + 10.0 * f64::from(points))).abs() < 1e-6);
    let lengthened = game.play().life();
    let duration = game.anim().unwrap().duration();
    // While the jewels vanish and fall, the clock stands still.
    tick(&mut game, duration - 0.05);
    assert!(game.anim().is_some());
    assert_eq!(game.play().life(), lengthened);
    tick(&mut game, 0.5);
    assert!(game.anim().is_none());
    assert!(game.play().life() < lengthened);
    // The points float up, then go.
    assert!(!game.floaters().is_empty());
    tick(&mut game, 2.0);
    assert!(game.floaters().is_empty());
    assert!(game.is_ticking(), "the clock still runs");
}

#[test]
fn p_pauses_hides_the_board_and_stops_the_clock() {
    let mut game = playing(5);
    tick(&mut game, 0.5);
    assert_eq!(key(&mut game, "p"), Response::REDRAW);
    assert!(game.play().is_paused() && game.is_hidden());
    assert!(!game.is_ticking());
    assert_eq!(jewels_drawn(&game), 0);
    let mut hidden = 0;
    for shape in frame(&game) {
        if let Shape::Rect { style, min, .. } = shape
            && style.fill == Some(HIDDEN)
            && draw::cell_at(min).is_some()
        {
            hidden += 1;
        }
    }
    assert_eq!(hidden, 64);
    assert!(
        frame(&game)
            .iter()
            .any(|s| matches!(s, Shape::Text { text, .. } if text == "PAUSED"))
    );
    assert!(game.status().starts_with("Paused: press P to go on."));
    assert_eq!(game.regions().last().unwrap().label, "Paused: go on");
    let life = game.play().life();
    tick(&mut game, 3.0);
    assert_eq!(game.play().life(), life);
    // No swap while paused, by keys or by the pointer.
    key(&mut game, "ArrowDown");
    assert_eq!(game.bubble(), None);
    let score = game.play().score();
    press(&mut game, draw::cell_center(Cell::new(1, 2)));
    game.handle_event(&Event::PointerMove {
        pos: draw::cell_center(Cell::new(0, 2)),
    });
    assert_eq!(game.play().score(), score);
    // P goes on (so does the Pause button, "Go on" now).
    let pause = game
        .actions()
        .into_iter()
        .find(|a| a.id == "pause")
        .unwrap();
    assert_eq!((pause.label.as_str(), pause.enabled), ("Go on", true));
    assert_eq!(key(&mut game, "p"), Response::REDRAW);
    assert!(!game.play().is_paused() && game.is_ticking());
    assert_eq!(jewels_drawn(&game), 64);
    assert_eq!(game.invoke_action("pause", ""), Ok(Response::REDRAW));
    assert!(game.play().is_paused());
}

#[test]
fn time_runs_out_and_space_deals_a_new_game() {
    let mut game = JewelGame::with_seed(8, Difficulty::Beginner);
    key(&mut game, "Space");
    tick(&mut game, 74.9);
    assert_eq!(game.play().phase(), Phase::Playing);
    assert!(game.status().contains("1 s left"), "{}", game.status());
    tick(&mut game, 0.2);
    assert_eq!(game.play().phase(), Phase::Over(End::TimeUp));
    assert_eq!(
        game.status(),
        "Time is up! Score 0 at level 0. Press Space for a new game"
    );
    assert!(!game.is_ticking());
    assert!(
        frame(&game)
            .iter()
            .any(|s| matches!(s, Shape::Text { text, .. } if text == "GAME OVER"))
    );
    // No more swaps.
    let (a, b) = game.play().board().legal_swaps()[0];
    click(&mut game, a);
    click(&mut game, b);
    assert_eq!(game.play().score(), 0);
    // Without a launcher to ask, Space deals the next game itself.
    assert_eq!(key(&mut game, "Space"), Response::REDRAW);
    assert_eq!(game.play().phase(), Phase::Ready);
}

#[test]
fn the_difficulty_choice_changes_a_dealt_game_and_asks_for_a_new_one_later() {
    let mut game = JewelGame::with_seed(8, Difficulty::Beginner);
    let board = *game.play().board();
    let choice = game
        .actions()
        .into_iter()
        .find(|a| a.id == "difficulty")
        .unwrap();
    match &choice.kind {
        game_api::ActionKind::Choice { options, selected } => {
            assert_eq!(
                options,
                &["0 Beginner", "1 Easy", "2 Medium", "3 High", "4 Extreme"]
            );
            assert_eq!(selected, "0 Beginner");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        game.invoke_action("difficulty", "2 Medium"),
        Ok(Response::REDRAW)
    );
    assert_eq!(game.play().difficulty(), Difficulty::Medium);
    assert_eq!(*game.play().board(), board, "the same board, other looks");
    assert!(game.invoke_action("difficulty", "9 Impossible").is_err());
    assert!(game.invoke_action("fly", "").is_err());
    game.start();
    // During a game: the next game gets it (a detached host: dealt at once).
    game.invoke_action("difficulty", "4 Extreme").unwrap();
    assert_eq!(game.play().difficulty(), Difficulty::Extreme);
    assert_eq!(game.play().phase(), Phase::Ready);
}

#[test]
fn every_jewel_shows_its_colour_at_its_centre() {
    let game = playing(6);
    let shapes = frame(&game);
    for cell in Cell::all() {
        let c = draw::cell_center(cell);
        let kind = game.play().board().kind(cell);
        let filled = shapes.iter().any(|s| match s {
            Shape::Circle { center, style, .. } => {
                *center == c && style.fill == Some(COLORS[usize::from(kind)])
            }
            Shape::Polygon { points, style } => {
                style.fill == Some(COLORS[usize::from(kind)])
                    && points
                        .iter()
                        .all(|p| (p.x - c.x).abs() < CELL / 2.0 && (p.y - c.y).abs() < CELL / 2.0)
            }
            _ => false,
        });
        assert!(filled, "{cell:?}");
    }
    let _ = Dir::Up;
}

/// The boxes of the texts drawn (by the estimate a painter without fonts
/// uses), the notice's panel, and the board's frame.
fn text_boxes(game: &JewelGame) -> Vec<(String, Point, Point)> {
    frame(game)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Text {
                pos,
                anchor,
                font_size,
                text,
                ..
            } => {
                let size = game_api::estimate_text_size(font_size, &text);
                Some((text, anchor.top_left(pos, size), size))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn texts_stay_on_the_canvas_and_do_not_overlap() {
    let mut ready = JewelGame::with_seed(1, Difficulty::Beginner);
    let mut playing_game = JewelGame::with_seed(1, Difficulty::Extreme);
    playing_game.start();
    let mut paused = playing_game.clone();
    paused.set_paused(true);
    let mut over = playing_game.clone();
    tick(&mut over, 80.0);
    assert!(matches!(over.play().phase(), Phase::Over(_)));
    ready.choose_difficulty(Difficulty::Medium);
    for game in [&ready, &playing_game, &paused, &over] {
        let boxes = text_boxes(game);
        assert!(boxes.len() >= 8, "{boxes:?}");
        for (text, min, size) in &boxes {
            assert!(
                min.x >= 0.0
                    && min.y >= 0.0
                    && min.x + size.x <= draw::WIDTH
                    && min.y + size.y <= draw::HEIGHT,
                "{text:?} at {min:?} of {size:?}"
            );
        }
        for (i, (a, amin, asize)) in boxes.iter().enumerate() {
            for (b, bmin, bsize) in &boxes[i + 1..] {
                let apart = amin.x + asize.x <= bmin.x
                    || bmin.x + bsize.x <= amin.x
                    || amin.y + asize.y <= bmin.y
                    || bmin.y + bsize.y <= amin.y;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
    }
    // The notices say what to do.
    let said = |game: &JewelGame| -> String {
        text_boxes(game)
            .into_iter()
            .map(|(t, _, _)| t)
            .collect::<Vec<_>>()
            .join("|")
    };
    assert!(said(&ready).contains("JEWEL|Press Space to start"));
    assert!(said(&ready).contains("> 2 Medium  match shapes"));
    assert!(said(&paused).contains("PAUSED|Press P to go on"));
    assert!(
        said(&over)
            .contains("GAME OVER|Time is up\nScore 0 at level 0\n\nPress Space for a new game")
    );
}

#[test]
fn new_games_are_seeded_from_entropy() {
    use game_api::{Host, NewGame};
    let ids: std::collections::BTreeSet<String> = (0..4)
        .map(|_| JewelGame::new(Host::detached()).unwrap().game_id())
        .collect();
    assert_eq!(ids.len(), 4, "{ids:?}");
}

#[test]
fn the_square_under_the_pointer_lights_up_while_playing() {
    let lit = |game: &JewelGame| -> Vec<Cell> {
        frame(game)
            .into_iter()
            .filter_map(|s| match s {
                Shape::Rect { min, style, .. } if style.fill == Some(draw::HOVER) => {
                    draw::cell_at(min)
                }
                _ => None,
            })
            .collect()
    };
    let mut game = playing(1);
    assert_eq!(lit(&game), []);
    let pos = draw::cell_center(Cell::new(2, 5));
    assert_eq!(
        game.handle_event(&Event::PointerMove { pos }),
        Response::REDRAW
    );
    assert_eq!(
        game.handle_event(&Event::PointerMove { pos }),
        Response::NONE
    );
    assert_eq!(game.hover(), Some(Cell::new(2, 5)));
    assert_eq!(lit(&game), [Cell::new(2, 5)]);
    assert_eq!(game.handle_event(&Event::PointerLeave), Response::REDRAW);
    assert_eq!(lit(&game), []);
    // Not while the board is hidden.
    game.handle_event(&Event::PointerMove { pos });
    game.set_paused(true);
    assert_eq!(lit(&game), []);
}
