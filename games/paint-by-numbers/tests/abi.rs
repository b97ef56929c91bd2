//! Plays Paint By Numbers through the real C ABI table, as the launcher
//! does, and checks what a player sees: the colours drawn in each cell, the
//! clues and their dimming, the status line, the labelled regions and the
//! outcome. The test reads the puzzle as a player (or a screen reader)
//! does, from the clue regions, solves it with the crate's line solver and
//! clicks the solution's cells. Where the launcher would deal a new puzzle
//! (its New game, or the game asking for one), the test does what the
//! launcher does: it calls `new_game` with a seed.

use game_api::host::{CallErrorKind, GameInstance, GameLibrary, Recorder};
use game_api::{
    ActionKind, Button, Event, GameResult, Modifiers, Point, Region, Response, Rgba, Shape,
};
use game_test::play::WithDataDir;
use game_test::play::click_with as mouse;
use game_test::play::{color_at, frame};
use paint_by_numbers::game::{BLUE, CLUE_DONE, CLUE_TEXT, UNKNOWN, WHITE_CELL, WRONG};
use paint_by_numbers::puzzle::{Clue, Clues, Picture};
use paint_by_numbers::solver::{LineSolve, line_solve};

/// A game whose requests to the launcher are recorded, dealt from `seed`.
fn start_with(dir: Option<String>) -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    let services = WithDataDir::maybe(dir).recording(recorder.clone());
    let game = GameLibrary::from_static(&paint_by_numbers::GAME_TABLE)
        .expect("the table has this game-api's ABI version")
        .start(Box::new(services))
        .expect("the game starts");
    (game, recorder)
}

fn start(seed: u64) -> (GameInstance, Recorder) {
    let (mut game, recorder) = start_with(None);
    game.new_game(seed).unwrap();
    (game, recorder)
}

/// The cell regions, by row and column from 0.
fn cell_regions(game: &mut GameInstance) -> Vec<((usize, usize), Region)> {
    game.regions()
        .unwrap()
        .into_iter()
        .filter_map(|r| {
            let (place, _) = r.label.split_once(':')?;
            let (row, col) = place.strip_prefix("row ")?.split_once(", column ")?;
            let row: usize = row.parse().ok()?;
            let col: usize = col.parse().ok()?;
            Some(((row - 1, col - 1), r))
        })
        .collect()
}

fn region_of(game: &mut GameInstance, cell: (usize, usize)) -> Region {
    cell_regions(game)
        .into_iter()
        .find(|(c, _)| *c == cell)
        .map(|(_, r)| r)
        .unwrap_or_else(|| panic!("no region for {cell:?}"))
}

/// A point of a cell away from its centre (where a white cell's dot is).
fn cell_point(region: &Region) -> Point {
    Point::new(
        region.min.x + region.size.x * 0.25,
        region.min.y + region.size.y * 0.25,
    )
}

/// The colour a player sees in each cell, row by row.
fn seen_cells(game: &mut GameInstance) -> Vec<Vec<Rgba>> {
    let shapes = frame(game);
    let regions = cell_regions(game);
    let height = regions.iter().map(|(c, _)| c.0 + 1).max().unwrap();
    let mut rows = vec![Vec::new(); height];
    for ((row, _), region) in &regions {
        rows[*row].push(color_at(&shapes, cell_point(region)).expect("a cell is drawn"));
    }
    rows
}

/// The clues as a screen reader reads them from the regions.
fn clues_read(game: &mut GameInstance) -> Clues {
    let regions = game.regions().unwrap();
    let read = |kind: &str| -> Vec<Clue> {
        regions
            .iter()
            .filter_map(|r| {
                let rest = r.label.strip_prefix(kind)?;
                let (_, clue) = rest.split_once(" clue ")?;
                let clue = clue.trim_end_matches(", done");
                Some(match clue {
                    "0" => Vec::new(),
                    numbers => numbers.split(' ').map(|n| n.parse().unwrap()).collect(),
                })
            })
            .collect()
    };
    let rows = read("row ");
    let cols = read("column ");
    Clues {
        width: cols.len(),
        height: rows.len(),
        rows,
        cols,
    }
}

/// The puzzle's solution, found from the clues the player reads.
fn solve_as_read(game: &mut GameInstance) -> Picture {
    match line_solve(&clues_read(game)) {
        LineSolve::Solved(picture) => picture,
        other => panic!("the dealt puzzle is not line-solvable: {other:?}"),
    }
}
fn click(game: &mut GameInstance, cell: (usize, usize)) -> Response {
    let pos = region_of(game, cell).center();
    mouse(game, pos, Button::Primary, Modifiers::NONE)
}

/// The texts drawn, with their colours.
fn texts(shapes: &[Shape]) -> Vec<(String, Rgba, Point)> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text {
                text, color, pos, ..
            } => Some((text.clone(), *color, *pos)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_whole_puzzle_is_solved_by_clicking_its_solution_cells() {
    let (mut game, recorder) = start(2024);
    assert_eq!(game.title().unwrap(), "Paint By Numbers");
    assert_eq!(game.game_id().unwrap(), "10x10:2024");
    let status = game.status().unwrap();
    assert!(
        status.starts_with("0 of 20 clues done - click paints blue"),
        "{status}"
    );
    // Every cell starts grey.
    let cells = seen_cells(&mut game);
    assert_eq!(cells.len(), 10);
    assert!(cells.iter().flatten().all(|&c| c == UNKNOWN));

    let solution = solve_as_read(&mut game);
    let blue: Vec<(usize, usize)> = (0..10)
        .flat_map(|r| (0..10).map(move |c| (r, c)))
        .filter(|&(r, c)| solution.get(r, c))
        .collect();
    assert!(blue.len() > 30, "a 10x10 puzzle has a picture");
    for (i, &cell) in blue.iter().enumerate() {
        assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
        assert_eq!(click(&mut game, cell), Response::REDRAW);
        if i + 1 < blue.len() {
            let shapes = frame(&mut game);
            let region = region_of(&mut game, cell);
            assert_eq!(color_at(&shapes, cell_point(&region)), Some(BLUE));
        }
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert!(!outcome.assisted);
    assert_eq!(outcome.score, None);
    assert_eq!(
        game.status().unwrap(),
        "Solved! Press N or click New game for another puzzle."
    );
    // The picture: blue where the solution is, white elsewhere.
    let picture = |solution: &Picture| -> Vec<Vec<Rgba>> {
        (0..10)
            .map(|r| {
                (0..10)
                    .map(|c| if solution.get(r, c) { BLUE } else { WHITE_CELL })
                    .collect()
            })
            .collect()
    };
    let expected = picture(&solution);
    for (r, row) in seen_cells(&mut game).iter().enumerate() {
        for (c, seen) in row.iter().enumerate() {
            if *seen != expected[r][c] {
                // The sweep brightens the blue cells for a moment.
                assert!(solution.get(r, c), "({r}, {c})");
            }
        }
    }
    let shapes = frame(&mut game);
    let all = texts(&shapes);
    assert!(all.iter().any(|(t, _, _)| t == "Solved!"));
    // Every clue is dimmed.
    assert!(
        all.iter()
            .filter(|(t, _, _)| t.parse::<usize>().is_ok())
            .all(|(_, c, _)| *c == CLUE_DONE)
    );
    // The win sweeps once, on ticks, then stops them.
    assert_eq!(recorder.last().as_deref(), Some("tick 0.033"));
    let mut ticks = 0;
    while recorder.last().as_deref() != Some("tick stop") {
        assert_eq!(
            game.handle_event(&Event::Tick { dt: 0.1 }).unwrap(),
            Response::REDRAW
        );
        ticks += 1;
        assert!(ticks < 100);
    }
    assert_eq!(ticks, 12);
    assert_eq!(
        game.handle_event(&Event::Tick { dt: 0.1 }).unwrap(),
        Response::NONE
    );
    assert_eq!(seen_cells(&mut game), expected);
    // The solved picture takes no more paint.
    assert_eq!(click(&mut game, blue[0]), Response::NONE);
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    // N asks the launcher for the next puzzle.
    assert_eq!(game.handle_event(&Event::key("n")).unwrap(), Response::NONE);
    assert_eq!(recorder.last().as_deref(), Some("new game"));
}

#[test]
fn right_click_and_modifier_clicks_mark_white_and_a_second_click_greys() {
    let (mut game, _) = start(5);
    let pos = region_of(&mut game, (2, 3)).center();
    let seen = |game: &mut GameInstance| seen_cells(game)[2][3];
    for (button, modifiers) in [
        (Button::Secondary, Modifiers::NONE),
        (
            Button::Primary,
            Modifiers {
                ctrl: true,
                ..Modifiers::NONE
            },
        ),
        (Button::Primary, Modifiers::SHIFT),
    ] {
        assert_eq!(mouse(&mut game, pos, button, modifiers), Response::REDRAW);
        assert_eq!(seen(&mut game), WHITE_CELL);
        assert!(region_of(&mut game, (2, 3)).label.ends_with(": white"));
        // Clicking a painted cell, with any button, makes it grey again.
        assert_eq!(mouse(&mut game, pos, button, modifiers), Response::REDRAW);
        assert_eq!(seen(&mut game), UNKNOWN);
    }
    mouse(&mut game, pos, Button::Primary, Modifiers::NONE);
    assert_eq!(seen(&mut game), BLUE);
    assert_eq!(region_of(&mut game, (2, 3)).label, "row 3, column 4: blue");
    mouse(&mut game, pos, Button::Secondary, Modifiers::NONE);
    assert_eq!(seen(&mut game), UNKNOWN);
    // The middle button and clicks off the grid do nothing.
    assert_eq!(
        mouse(&mut game, pos, Button::Middle, Modifiers::NONE),
        Response::NONE
    );
    assert_eq!(
        mouse(
            &mut game,
            Point::new(1.0, 1.0),
            Button::Primary,
            Modifiers::NONE
        ),
        Response::NONE
    );
    assert!(
        seen_cells(&mut game)
            .iter()
            .flatten()
            .all(|&c| c == UNKNOWN)
    );
}

#[test]
fn dragging_along_a_row_paints_a_stroke_and_off_the_line_cancels_it() {
    let (mut game, _) = start(6);
    let from = region_of(&mut game, (1, 1)).center();
    let to = region_of(&mut game, (1, 6)).center();
    game.handle_event(&Event::press(from)).unwrap();
    game.handle_event(&Event::PointerMove { pos: to }).unwrap();
    // While dragging, the stroke is previewed: inset blue squares.
    let previews = frame(&mut game)
        .iter()
        .filter(|s| matches!(s, Shape::Rect { style, .. } if style.fill == Some(BLUE) && style.stroke.is_some()))
        .count();
    assert_eq!(previews, 6);
    assert_eq!(
        game.handle_event(&Event::release(to)).unwrap(),
        Response::REDRAW
    );
    let row: Vec<Rgba> = seen_cells(&mut game)[1].clone();
    let expected: Vec<Rgba> = (0..10)
        .map(|c| if (1..=6).contains(&c) { BLUE } else { UNKNOWN })
        .collect();
    assert_eq!(row, expected);
    // A stroke from a blue cell greys, down a column.
    let down = region_of(&mut game, (4, 3)).center();
    let start = region_of(&mut game, (1, 3)).center();
    game.handle_event(&Event::press(start)).unwrap();
    game.handle_event(&Event::release(down)).unwrap();
    let cells = seen_cells(&mut game);
    assert_eq!(cells[1][3], UNKNOWN);
    assert_eq!(cells[1][2], BLUE);
    // Released off the start's row and column: nothing painted.
    let before = seen_cells(&mut game);
    let (from, off) = (
        region_of(&mut game, (5, 5)).center(),
        region_of(&mut game, (7, 8)).center(),
    );
    game.handle_event(&Event::press(from)).unwrap();
    game.handle_event(&Event::PointerMove { pos: off }).unwrap();
    assert!(!frame(&mut game).iter().any(
        |s| matches!(s, Shape::Rect { style, .. } if style.stroke.is_some() && style.fill.is_some())
    ));
    assert_eq!(
        game.handle_event(&Event::release(off)).unwrap(),
        Response::REDRAW
    );
    assert_eq!(seen_cells(&mut game), before);
}

#[test]
fn a_satisfied_clue_is_dimmed() {
    let (mut game, _) = start(8);
    let solution = solve_as_read(&mut game);
    let row_texts = |game: &mut GameInstance, row: usize| -> Vec<Rgba> {
        let y = region_of(game, (row, 0)).center().y;
        let left = region_of(game, (row, 0)).min.x;
        texts(&frame(game))
            .into_iter()
            .filter(|(t, _, p)| (p.y - y).abs() < 1.0 && p.x < left && t.parse::<usize>().is_ok())
            .map(|(_, c, _)| c)
            .collect()
    };
    assert!(row_texts(&mut game, 0).iter().all(|&c| c == CLUE_TEXT));
    for c in 0..10 {
        if solution.get(0, c) {
            click(&mut game, (0, c));
        }
    }
    let dimmed = row_texts(&mut game, 0);
    assert!(!dimmed.is_empty() && dimmed.iter().all(|&c| c == CLUE_DONE));
    let label = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.starts_with("row 1 clue"))
        .unwrap()
        .label;
    assert!(label.ends_with(", done"), "{label}");
    let status = game.status().unwrap();
    let done: usize = status.split(' ').next().unwrap().parse().unwrap();
    assert!(
        done >= 1 && status.contains(" of 20 clues done"),
        "{status}"
    );
    // One more blue cell in the row and it is not done any more.
    let extra = (0..10).find(|&c| !solution.get(0, c)).unwrap();
    click(&mut game, (0, extra));
    assert!(row_texts(&mut game, 0).iter().all(|&c| c == CLUE_TEXT));
}

#[test]
fn show_mistakes_turns_wrong_cells_red_and_counts_as_help() {
    let (mut game, _) = start(9);
    let solution = solve_as_read(&mut game);
    let wrong_blue = (0..10)
        .flat_map(|r| (0..10).map(move |c| (r, c)))
        .find(|&(r, c)| !solution.get(r, c))
        .unwrap();
    let right_blue = (0..10)
        .flat_map(|r| (0..10).map(move |c| (r, c)))
        .find(|&(r, c)| solution.get(r, c))
        .unwrap();
    click(&mut game, wrong_blue);
    click(&mut game, right_blue);
    let actions = game.actions().unwrap();
    let mistakes = actions.iter().find(|a| a.id == "mistakes").unwrap();
    assert_eq!(mistakes.label, "Show mistakes");
    assert_eq!(mistakes.shortcut.as_deref(), Some("m"));
    assert!(mistakes.enabled);
    assert_eq!(
        game.invoke_action("mistakes", "").unwrap(),
        Response::REDRAW
    );
    let cells = seen_cells(&mut game);
    assert_eq!(cells[wrong_blue.0][wrong_blue.1], WRONG);
    assert_eq!(cells[right_blue.0][right_blue.1], BLUE);
    assert!(game.status().unwrap().starts_with("1 mistake, in red."));
    assert!(
        region_of(&mut game, wrong_blue)
            .label
            .ends_with("blue, a mistake")
    );
    // Clicking the red cell greys it.
    click(&mut game, wrong_blue);
    assert_eq!(seen_cells(&mut game)[wrong_blue.0][wrong_blue.1], UNKNOWN);
    game.invoke_action("mistakes", "").unwrap();
    assert!(game.status().unwrap().starts_with("No mistakes so far."));
    // Solving now is a win with help.
    for r in 0..10 {
        for c in 0..10 {
            if solution.get(r, c) && (r, c) != right_blue {
                click(&mut game, (r, c));
            }
        }
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert!(outcome.assisted);
    assert_eq!(
        game.status().unwrap(),
        "Solved (with Show mistakes 2 times)! Press N or click New game for another puzzle."
    );
    assert!(!game.actions().unwrap()[0].enabled);
}

#[test]
fn the_keyboard_alone_can_solve_a_puzzle() {
    let (mut game, _) = start_with(None);
    game.start_from_game_id("5x5:31").unwrap();
    let solution = solve_as_read(&mut game);
    let key = |game: &mut GameInstance, k: &str| game.handle_event(&Event::key(k)).unwrap();
    // The first arrow shows the cursor in the top-left cell.
    assert_eq!(key(&mut game, "ArrowDown"), Response::REDRAW);
    let mut at = (0, 0);
    for r in 0..5 {
        for c in 0..5 {
            while at.0 < r {
                key(&mut game, "ArrowDown");
                at.0 += 1;
            }
            while at.1 < c {
                key(&mut game, "ArrowRight");
                at.1 += 1;
            }
            while at.1 > c {
                key(&mut game, "ArrowLeft");
                at.1 -= 1;
            }
            if solution.get(r, c) {
                assert_eq!(key(&mut game, "Space"), Response::REDRAW);
            } else if game.outcome().unwrap().result == GameResult::Playing {
                // X marks white; so does Shift+Enter.
                let response = if (r + c) % 2 == 0 {
                    key(&mut game, "x")
                } else {
                    game.handle_event(&Event::KeyPress {
                        key: "Enter".into(),
                        modifiers: Modifiers::SHIFT,
                    })
                    .unwrap()
                };
                assert_eq!(response, Response::REDRAW);
                assert_eq!(seen_cells(&mut game)[r][c], WHITE_CELL);
            }
        }
    }
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    assert_eq!(key(&mut game, "F13"), Response::NONE);
}

#[test]
fn the_size_choice_deals_the_next_puzzle_at_that_size() {
    let (mut game, recorder) = start(1);
    let small = game.canvas_size().unwrap();
    let size = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "size")
        .unwrap();
    assert_eq!(
        size.kind,
        ActionKind::Choice {
            options: ["5×5", "10×10", "15×15", "20×20", "25×25"]
                .map(String::from)
                .to_vec(),
            selected: "10×10".into()
        }
    );
    game.invoke_action("size", "25×25").unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    game.new_game(77).unwrap();
    assert_eq!(game.game_id().unwrap(), "25x25:77");
    let big = game.canvas_size().unwrap();
    assert!(big.x > small.x && big.y > small.y && big.x <= 1000.0 && big.y <= 1000.0);
    assert_eq!(seen_cells(&mut game).len(), 25);
    let err = game.invoke_action("size", "7×7").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    let err = game.invoke_action("fly", "").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert_eq!(game.game_id().unwrap(), "25x25:77");
}

#[test]
fn game_ids_saves_and_undo_through_the_abi() {
    let (mut game, _) = start(3);
    let id = game.game_id().unwrap();
    let dealt = seen_cells(&mut game);
    let start = game.save().unwrap();
    click(&mut game, (0, 0));
    let painted = game.save().unwrap();
    assert_ne!(painted, start);
    // Undo is the launcher loading the earlier bytes.
    game.load(&start).unwrap();
    assert_eq!(seen_cells(&mut game), dealt);
    game.load(&painted).unwrap();
    assert_eq!(seen_cells(&mut game)[0][0], BLUE);
    // A bad save or ID changes nothing.
    assert!(game.load(b"Paint By Numbers save 1\nid 10x10:3\n").is_err());
    assert!(game.start_from_game_id("10x10:nonsense").is_err());
    assert_eq!(game.game_id().unwrap(), id);
    assert_eq!(seen_cells(&mut game)[0][0], BLUE);
    // The same ID deals the same puzzle again.
    game.start_from_game_id(&id).unwrap();
    assert_eq!(seen_cells(&mut game), dealt);
    let clues = clues_read(&mut game);
    game.new_game(4).unwrap();
    assert_ne!(clues_read(&mut game), clues);
    game.new_game(3).unwrap();
    assert_eq!(clues_read(&mut game), clues);
}

const CUP: &str = "title \"Cup\"\nby \"A. Player\"\nwidth 5\nheight 4\n\nrows\n5\n1 3\n1,3\n3\n\ncolumns\n3\n1,1\n4\n4\n3\n";

#[test]
fn puzzle_files_in_the_data_directory_are_offered_and_played() {
    let dir = std::env::temp_dir().join(format!("pbn-abi-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("puzzles")).unwrap();
    std::fs::write(dir.join("puzzles/cup.non"), CUP).unwrap();
    std::fs::write(
        dir.join("puzzles/broken.non"),
        "width 3\nheight 1\nrows\n4\n",
    )
    .unwrap();
    let (mut game, recorder) = start_with(Some(dir.to_string_lossy().into_owned()));
    let choice = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "puzzle")
        .expect("a Puzzle choice when the folder has files");
    assert_eq!(
        choice.kind,
        ActionKind::Choice {
            options: vec!["Random".into(), "broken.non".into(), "cup.non".into()],
            selected: "Random".into()
        }
    );
    let err = game.invoke_action("puzzle", "broken.non").unwrap_err();
    assert_eq!(
        err.message,
        "puzzles/broken.non, line 4: the clue 4 needs 4 cells but a row has 3"
    );
    assert!(recorder.requests().is_empty());
    game.invoke_action("puzzle", "cup.non").unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    game.new_game(1).unwrap();
    assert_eq!(game.title().unwrap(), "Paint By Numbers: Cup");
    assert_eq!(game.game_id().unwrap(), "5x4:5,1.3,1.3,3/3,1.1,4,4,3");
    let selected = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "puzzle")
        .unwrap()
        .kind;
    assert!(matches!(selected, ActionKind::Choice { selected, .. } if selected == "cup.non"));
    let solution = solve_as_read(&mut game);
    assert_eq!(solution.to_rows(), "#####/#.###/#.###/.###.");
    for r in 0..4 {
        for c in 0..5 {
            if solution.get(r, c) {
                click(&mut game, (r, c));
            }
        }
    }
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    // A save of a file's puzzle resumes without the file.
    let saved = game.save().unwrap();
    std::fs::remove_file(dir.join("puzzles/cup.non")).unwrap();
    let (mut other, _) = start_with(None);
    other.load(&saved).unwrap();
    assert_eq!(other.title().unwrap(), "Paint By Numbers: Cup");
    assert_eq!(other.outcome().unwrap().result, GameResult::Won);
    // New game after a file plays the folder's next file (round to the
    // first): broken.non cannot be played, so a random puzzle is dealt
    // and the status line says why.
    game.new_game(2).unwrap();
    assert_eq!(game.game_id().unwrap(), "10x10:2");
    let status = game.status().unwrap();
    assert!(
        status.starts_with("puzzles/broken.non, line 4: the clue 4 needs 4 cells"),
        "{status}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn regions_name_every_cell_and_clue() {
    let (mut game, _) = start(12);
    let regions = game.regions().unwrap();
    assert_eq!(regions.len(), 100 + 20);
    assert!(regions[0].label.starts_with("row 1 clue "));
    assert!(regions[10].label.starts_with("column 1 clue "));
    assert_eq!(regions[20].label, "row 1, column 1: grey");
    // Activating a cell's region clicks its centre.
    let center = regions[20].center();
    game.handle_event(&Event::press(center)).unwrap();
    game.handle_event(&Event::release(center)).unwrap();
    assert_eq!(game.regions().unwrap()[20].label, "row 1, column 1: blue");
    let size = game.canvas_size().unwrap();
    for r in &regions {
        assert!(r.min.x >= 0.0 && r.min.y >= 0.0);
        assert!(r.min.x + r.size.x <= size.x && r.min.y + r.size.y <= size.y);
    }
}
