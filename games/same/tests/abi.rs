//! Plays Same through the real C ABI table, as the launcher does, and checks
//! what a player would see: the colour drawn on each dot, the status line,
//! the labelled regions, the outcome. Where the launcher would deal a new
//! game (its New game, or the game asking for one), the test does what the
//! launcher does: it calls `new_game` with a seed. Animations are driven by
//! `Tick` events the test sends, as the launcher would; nothing waits.

use game_api::host::{CallErrorKind, GameInstance, GameLibrary, Recorder};
use game_api::{
    ActionKind, Button, Event, GameResult, Modifiers, Outcome, Point, Response, Rgba, Shape,
};
use game_test::play::WithDataDir;
use game_test::play::click;
use game_test::play::frame;
use same::board::{Board, Cell};
use same::deal::deal;
use same::game::{COLOURS_RGB, DOT_RADIUS, MARGIN, PITCH, Same, pale};
use same::score::{bonus, click_score};

fn start() -> GameInstance {
    game_test::play::start(&same::GAME_TABLE)
}

/// A game whose requests to the launcher are recorded.
fn start_recorded() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&same::GAME_TABLE)
}

/// The opaque fill a player sees at `p`: the last opaque filled shape drawn
/// over it (lines as the bands they are). Translucent veils are looked
/// through.
fn color_at(shapes: &[Shape], p: Point) -> Option<Rgba> {
    let mut seen = None;
    for shape in shapes {
        let (hit, fill) = match shape {
            Shape::Rect { min, size, style }
            | Shape::RoundedRect {
                min, size, style, ..
            } => (
                p.x >= min.x && p.y >= min.y && p.x < min.x + size.x && p.y < min.y + size.y,
                style.fill,
            ),
            Shape::Circle {
                center,
                radius,
                style,
            } => (
                (p.x - center.x).powi(2) + (p.y - center.y).powi(2) <= radius.powi(2),
                style.fill,
            ),
            Shape::Line { from, to, stroke } => {
                // Only axis-aligned bridges are drawn.
                let half = stroke.width / 2.0;
                let (x0, x1) = (from.x.min(to.x) - half, from.x.max(to.x) + half);
                let (y0, y1) = (from.y.min(to.y) - half, from.y.max(to.y) + half);
                let along_x = (from.y - to.y).abs() < 0.01;
                let hit = if along_x {
                    p.x >= from.x.min(to.x) && p.x <= from.x.max(to.x) && p.y >= y0 && p.y <= y1
                } else {
                    p.y >= from.y.min(to.y) && p.y <= from.y.max(to.y) && p.x >= x0 && p.x <= x1
                };
                (hit, Some(stroke.color))
            }
            _ => continue,
        };
        if let Some(fill) = fill.filter(|f| f.a == 255)
            && hit
        {
            seen = Some(fill);
        }
    }
    seen
}

/// A point of a dot's body, below and right of its centre (the centre has
/// the lit side's lighter shade).
fn body(cell: Cell) -> Point {
    let c = Same::cell_center(cell);
    Point::new(c.x + DOT_RADIUS / 2.0, c.y + DOT_RADIUS / 2.0)
}

/// The board as the player sees it: each cell shows a dot of one of the
/// colours (or its pale highlight) on its body, or no dot.
fn seen_board(game: &mut GameInstance) -> Board {
    let size = game.canvas_size().unwrap();
    let width = ((size.x - 2.0 * MARGIN) / PITCH).round() as usize;
    let height = ((size.y - 2.0 * MARGIN) / PITCH).round() as usize;
    let shapes = frame(game);
    let mut board = Board::empty(width, height);
    for cell in board.cells().collect::<Vec<_>>() {
        let seen = color_at(&shapes, body(cell));
        let colour = COLOURS_RGB
            .iter()
            .position(|&c| Some(c) == seen || Some(pale(c)) == seen);
        board.set(cell, colour.map(|c| c as u8));
    }
    board
}
/// Lets the dots' fall end, as the launcher's ticks would.
fn settle(game: &mut GameInstance) {
    for _ in 0..40 {
        game.handle_event(&Event::Tick { dt: 0.016 }).unwrap();
    }
}

fn key(game: &mut GameInstance, name: &str) -> Response {
    game.handle_event(&Event::key(name)).unwrap()
}

/// "Score: a + b = c" from the status line, as (a, b, c).
fn status_score(status: &str) -> (u64, u64, u64) {
    let rest = status
        .split("core: ")
        .nth(1)
        .unwrap_or_else(|| panic!("no score in {status:?}"));
    let numbers: Vec<u64> = rest
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(3)
        .map(|s| s.parse().unwrap())
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

#[test]
fn the_game_introduces_itself_with_the_originals_board() {
    let mut game = start();
    assert_eq!(game.title().unwrap(), "Same");
    assert_eq!(
        game.canvas_size().unwrap(),
        Point::new(2.0 * MARGIN + 20.0 * PITCH, 2.0 * MARGIN + 16.0 * PITCH)
    );
    let board = seen_board(&mut game);
    assert_eq!(
        (board.width(), board.height(), board.dot_count()),
        (20, 16, 320)
    );
    assert_eq!(board.colours(), 5, "five colours, as the original");
    let status = game.status().unwrap();
    assert!(
        status.starts_with(
            "Click a group of two or more touching dots of one colour. Score: 0 + 0 = 0. Dots left: 320."
        ),
        "{status}"
    );
    assert!(status.ends_with("This click: 0"), "{status}");
    let features = game.features();
    assert!(features.new_game && features.save && features.outcome);
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
}

#[test]
fn a_seed_deals_the_same_board_and_its_id_replays_it() {
    let mut game = start();
    game.new_game(42).unwrap();
    let seen = seen_board(&mut game);
    assert_eq!(seen, deal(20, 16, 5, 42));
    let id = game.game_id().unwrap();
    assert_eq!(id.len(), 16 * 21 - 1);
    // Play a move: the ID is still the board as dealt.
    let first = seen.groups().into_iter().find(|g| g.len() >= 2).unwrap();
    click(&mut game, Same::cell_center(first[0]));
    assert_eq!(game.game_id().unwrap(), id);
    // Another player types the ID in.
    let mut other = start();
    other.start_from_game_id(&id).unwrap();
    assert_eq!(seen_board(&mut other), seen);
    assert_eq!(other.game_id().unwrap(), id);
    // A bad ID is refused with a reason, and the game goes on as it was.
    let before = seen_board(&mut other);
    let err = other.start_from_game_id("11/22").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert!(err.message.contains("Same offers 20×16"), "{}", err.message);
    assert_eq!(seen_board(&mut other), before);
}

#[test]
fn the_group_under_the_pointer_is_highlighted_and_this_click_says_its_score() {
    let mut game = start();
    game.new_game(7).unwrap();
    let board = seen_board(&mut game);
    let group = board.groups().into_iter().max_by_key(Vec::len).unwrap();
    let n = group.len();
    assert_eq!(
        game.handle_event(&Event::PointerMove {
            pos: Same::cell_center(group[0])
        })
        .unwrap(),
        Response::REDRAW
    );
    let status = game.status().unwrap();
    assert!(
        status.ends_with(&format!("This click: {} ({n} dots)", n * n)),
        "{status}"
    );
    let shapes = frame(&mut game);
    for cell in board.cells() {
        let colour = COLOURS_RGB[board.get(cell).unwrap() as usize];
        let expected = if group.contains(&cell) {
            pale(colour)
        } else {
            colour
        };
        assert_eq!(color_at(&shapes, body(cell)), Some(expected), "{cell:?}");
    }
    // Off the board, nothing is highlighted and a click scores nothing.
    game.handle_event(&Event::PointerLeave).unwrap();
    assert!(game.status().unwrap().ends_with("This click: 0"));
}

#[test]
fn the_dots_fall_on_ticks_but_the_board_changes_at_once() {
    let (mut game, recorder) = start_recorded();
    // Column 0: five 4s on a pair of 1s on a 2; the other columns are
    // columns of 3s and 4s.
    let id = (0..8)
        .map(|row| {
            let first = match row {
                0..=4 => '4',
                5 | 6 => '1',
                _ => '2',
            };
            format!("{first}343434343")
        })
        .collect::<Vec<_>>()
        .join("/");
    game.start_from_game_id(&id).unwrap();
    let board: Board = id.parse().unwrap();
    // Removing the 1s lets the five 4s above them fall two cells.
    let ones = Cell::new(0, 5);
    assert_eq!(board.removable(ones), 2);
    assert_eq!(click(&mut game, Same::cell_center(ones)), Response::REDRAW);
    assert!(
        recorder
            .requests()
            .iter()
            .any(|r| r.starts_with("tick 0.01"))
    );
    // The rules' board is the new one at once: the saved position and the
    // status line say so before any tick.
    let saved = String::from_utf8(game.save().unwrap()).unwrap();
    assert!(saved.contains("\nclicks 4\n"), "{saved}");
    assert!(game.status().unwrap().contains("Score: 4 + 0 = 4"));
    // But the top 4 of column 0 is drawn where it was, and falls.
    let shapes = frame(&mut game);
    let top_now = Cell::new(0, 2);
    let drawn = |shapes: &[Shape]| -> Vec<Point> {
        shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Circle { center, radius, .. }
                    if *radius == DOT_RADIUS
                        && (center.x - Same::cell_center(top_now).x).abs() < 0.5 =>
                {
                    Some(*center)
                }
                _ => None,
            })
            .collect()
    };
    let before = drawn(&shapes);
    assert!(
        before.contains(&Same::cell_center(Cell::new(0, 0))),
        "{before:?}"
    );
    game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    let mid = drawn(&frame(&mut game));
    let top = mid.iter().map(|p| p.y).fold(f32::MAX, f32::min);
    assert!(
        top > Same::cell_center(Cell::new(0, 0)).y && top < Same::cell_center(top_now).y,
        "half-way down: {mid:?}"
    );
    settle(&mut game);
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    let after = drawn(&frame(&mut game));
    assert!(after.contains(&Same::cell_center(top_now)), "{after:?}");
    let mut expected = board.clone();
    expected.remove(ones);
    assert_eq!(seen_board(&mut game), expected);
}

#[test]
fn the_keyboard_alone_can_play() {
    let mut game = start();
    // Vertical stripes: every column is a group of 8.
    let id = ["1234512345"; 8].join("/");
    game.start_from_game_id(&id).unwrap();
    // The first arrow shows the cursor at the bottom left.
    assert_eq!(key(&mut game, "ArrowRight"), Response::REDRAW);
    let status = game.status().unwrap();
    assert!(status.ends_with("This click: 64 (8 dots)"), "{status}");
    assert_eq!(key(&mut game, "ArrowRight"), Response::REDRAW);
    assert_eq!(key(&mut game, "Enter"), Response::REDRAW);
    settle(&mut game);
    // Column 1 (red, 2) went; the columns right of it slid left.
    let seen = seen_board(&mut game);
    assert_eq!(seen.to_string(), ["134512345."; 8].join("/"));
    assert!(game.status().unwrap().contains("Score: 64 + 0 = 64"));
    assert_eq!(key(&mut game, "F13"), Response::NONE);
}

#[test]
fn undo_and_restart_are_loads_of_saved_positions() {
    let mut game = start();
    game.new_game(99).unwrap();
    let dealt = game.save().unwrap();
    let board = seen_board(&mut game);
    let first = board.groups().into_iter().find(|g| g.len() >= 2).unwrap();
    click(&mut game, Same::cell_center(first[0]));
    let after_one = game.save().unwrap();
    assert_ne!(after_one, dealt);
    game.load(&dealt).unwrap();
    assert_eq!(seen_board(&mut game), board);
    assert!(game.status().unwrap().contains("Score: 0 + 0 = 0"));
    game.load(&after_one).unwrap();
    let mut expected = board.clone();
    expected.remove(first[0]);
    assert_eq!(seen_board(&mut game), expected);
    // Another game's bytes are refused, and the game is unchanged.
    let err = game.load(b"Lights Out save 1\nend\n").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert_eq!(err.message, "These bytes are not a saved game of Same.");
    assert_eq!(seen_board(&mut game), expected);
}

#[test]
fn choices_start_new_games_through_the_launcher() {
    let (mut game, recorder) = start_recorded();
    let actions = game.actions().unwrap();
    let summary: Vec<(&str, &str, Option<&str>)> = actions
        .iter()
        .map(|a| (a.id.as_str(), a.label.as_str(), a.shortcut.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            ("size", "Size", Some("s")),
            ("colours", "Colours", Some("c"))
        ]
    );
    assert!(matches!(&actions[0].kind, ActionKind::Choice { selected, .. } if selected == "20×16"));
    assert_eq!(
        game.invoke_action("size", "10×8").unwrap(),
        Response::REDRAW
    );
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    // The launcher deals it.
    game.new_game(5).unwrap();
    assert_eq!(seen_board(&mut game), deal(10, 8, 5, 5));
    game.invoke_action("colours", "3").unwrap();
    game.new_game(5).unwrap();
    assert_eq!(seen_board(&mut game), deal(10, 8, 3, 5));
    let actions = game.actions().unwrap();
    assert!(matches!(&actions[0].kind, ActionKind::Choice { selected, .. } if selected == "10×8"));
    assert!(matches!(&actions[1].kind, ActionKind::Choice { selected, .. } if selected == "3"));
    let err = game.invoke_action("size", "100×100").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert_eq!(key(&mut game, "n"), Response::NONE);
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    assert_eq!(key(&mut game, "h"), Response::NONE);
    assert_eq!(recorder.last().as_deref(), Some("help Same Help false"));
}

#[test]
fn the_options_chosen_are_kept_for_the_next_session() {
    let dir = std::env::temp_dir().join(format!("same-abi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let services = || Box::new(WithDataDir::new(dir.to_str().unwrap().to_owned()));
    let library = GameLibrary::from_static(&same::GAME_TABLE).unwrap();
    let mut game = library.start(services()).unwrap();
    game.invoke_action("size", "15×12").unwrap();
    game.invoke_action("colours", "6").unwrap();
    game.close().unwrap();
    let mut again = library.start(services()).unwrap();
    let board = seen_board(&mut again);
    assert_eq!(
        (board.width(), board.height(), board.colours()),
        (15, 12, 6)
    );
    again.close().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Plays the game to its end as a simple player would, always clicking the
/// first group a screen reader lists, checking after each click what is
/// seen against the rules' own board. Returns the final status and
/// outcome, and the points the rules say were scored.
fn play_to_the_end(game: &mut GameInstance) -> (String, Outcome, u64) {
    let mut rules = seen_board(game);
    let mut points = 0;
    for _ in 0..1000 {
        let regions = game.regions().unwrap();
        assert_eq!(regions.len(), rules.dot_count(), "a region per dot");
        let Some(region) = regions.iter().find(|r| r.label.contains("group of")) else {
            break;
        };
        let cell = seen_cell(region.center());
        let n = rules.removable(cell);
        assert!(n >= 2, "{}", region.label);
        assert!(
            region
                .label
                .ends_with(&format!("group of {n}, this click {}", n * n)),
            "{}",
            region.label
        );
        game.handle_event(&Event::PointerMove {
            pos: region.center(),
        })
        .unwrap();
        let status = game.status().unwrap();
        assert!(
            status.ends_with(&format!("This click: {} ({n} dots)", n * n)),
            "{status}"
        );
        assert_eq!(click(game, region.center()), Response::REDRAW);
        rules.remove(cell).unwrap();
        points += click_score(n);
        settle(game);
        assert_eq!(seen_board(game), rules);
        let (clicks, bonus_now, total) = status_score(&game.status().unwrap());
        assert_eq!((clicks, bonus_now), (points, bonus(rules.dot_count())));
        assert_eq!(total, clicks + bonus_now);
        if game.outcome().unwrap().is_over() {
            break;
        }
        assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    }
    assert!(!rules.has_move());
    (game.status().unwrap(), game.outcome().unwrap(), points)
}

/// The cell at a point of the canvas.
fn seen_cell(p: Point) -> Cell {
    Cell::new(
        ((p.x - MARGIN) / PITCH) as usize,
        ((p.y - MARGIN) / PITCH) as usize,
    )
}

#[test]
fn a_whole_game_played_to_its_end_is_lost_with_dots_left() {
    let mut game = start();
    game.new_game(2024).unwrap();
    let (status, outcome, points) = play_to_the_end(&mut game);
    let left = seen_board(&mut game).dot_count();
    assert!(
        left > 0,
        "clicking the first group does not clear this board"
    );
    let total = points + bonus(left);
    assert_eq!(outcome, Outcome::lost().with_score(total as i64));
    let dots = if left == 1 { "dot" } else { "dots" };
    assert_eq!(
        status,
        format!(
            "Game over: no two touching dots of one colour are left. Final score: {points} + {} = {total}, with {left} {dots} left. Press N for a new game",
            bonus(left)
        )
    );
    let texts: Vec<String> = frame(&mut game)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(
        texts,
        [
            "Game over".to_string(),
            format!("Score: {points} + {} = {total}", bonus(left))
        ]
    );
    // The game is over: clicks do nothing more.
    let regions = game.regions().unwrap();
    assert!(regions.iter().all(|r| r.label.ends_with("alone")));
    if let Some(r) = regions.first() {
        click(&mut game, r.center());
        assert_eq!(game.outcome().unwrap(), outcome);
        assert_eq!(seen_board(&mut game).dot_count(), left);
    }
}

#[test]
fn clearing_the_board_wins_with_the_5000_bonus() {
    let mut game = start();
    // Columns of one colour each: every click clears a column of 8.
    game.start_from_game_id(&["3451234512"; 8].join("/"))
        .unwrap();
    let (status, outcome, points) = play_to_the_end(&mut game);
    assert_eq!(points, 10 * 64);
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome, Outcome::won().with_score(640 + 5000));
    assert_eq!(
        status,
        "Board cleared: you won! Final score: 640 + 5000 = 5640. Press N for a new game"
    );
    assert_eq!(seen_board(&mut game).dot_count(), 0);
    assert!(game.regions().unwrap().is_empty());
}

#[test]
fn only_clicks_that_remove_dots_are_moves_to_undo() {
    // The launcher saves after every event that redraws and records a move
    // when the bytes differ: pointer moves, the cursor, a held button,
    // ticks and misses must not change them.
    let mut game = start();
    game.new_game(31).unwrap();
    let dealt = game.save().unwrap();
    let board = seen_board(&mut game);
    for cell in board.cells().step_by(7) {
        game.handle_event(&Event::PointerMove {
            pos: Same::cell_center(cell),
        })
        .unwrap();
    }
    for name in ["ArrowUp", "ArrowRight", "ArrowRight"] {
        key(&mut game, name);
    }
    game.handle_event(&Event::PointerPress {
        pos: Same::cell_center(Cell::new(0, 0)),
        button: Button::Primary,
        modifiers: Modifiers::NONE,
    })
    .unwrap();
    game.handle_event(&Event::PointerLeave).unwrap();
    let lone = board
        .cells()
        .find(|&c| board.group(c).len() == 1)
        .expect("a lone dot");
    click(&mut game, Same::cell_center(lone));
    settle(&mut game);
    assert_eq!(game.save().unwrap(), dealt);
    // A removal is a move; the fall drawn after it is not.
    let group = board.groups().into_iter().find(|g| g.len() >= 2).unwrap();
    click(&mut game, Same::cell_center(group[0]));
    let moved = game.save().unwrap();
    assert_ne!(moved, dealt);
    settle(&mut game);
    assert_eq!(game.save().unwrap(), moved);
}

#[test]
fn loading_a_position_stops_the_fall_and_its_ticks() {
    let (mut game, recorder) = start_recorded();
    game.start_from_game_id(&["1234512345"; 8].join("/"))
        .unwrap();
    let dealt = game.save().unwrap();
    click(&mut game, Same::cell_center(Cell::new(0, 0)));
    assert!(recorder.last().unwrap().starts_with("tick 0.01"));
    // Undo at once, while the columns slide.
    game.load(&dealt).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    assert_eq!(
        seen_board(&mut game).to_string(),
        ["1234512345"; 8].join("/")
    );
}
