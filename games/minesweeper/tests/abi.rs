//! Plays Minesweeper through the real C ABI table, as the launcher does,
//! and checks what a player would see: the tiles as the screen reader's
//! regions name them, the colours drawn at their centres, the status line,
//! the clock's ticks and the outcome. The player is the crate's deduction
//! solver, reading only what the regions say.

use game_api::host::{GameInstance, Recorder};
use game_api::{Button, Event, GameResult, Modifiers, Point};
use game_test::play::click_with;
use game_test::play::{color_at, frame};
use minesweeper::board::Grid;
use minesweeper::game::{BOARD, COVERED, EXPLODED, FLAG, GUESSING, HOVER, MARKS, MINE, OPEN};
use minesweeper::solver::{Seen, deduce};

fn start() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&minesweeper::GAME_TABLE)
}

/// The board as the regions tell it: its grid, each cell's centre and
/// state word.
struct View {
    grid: Grid,
    mines: usize,
    centres: Vec<Point>,
    states: Vec<String>,
}

impl View {
    fn read(game: &mut GameInstance) -> View {
        let id = game.game_id().unwrap();
        let (dims, rest) = id.split_once(':').unwrap();
        let (w, h) = dims.split_once('x').unwrap();
        let grid = Grid {
            width: w.parse().unwrap(),
            height: h.parse().unwrap(),
        };
        let mines = rest.split(':').next().unwrap().parse().unwrap();
        let regions = game.regions().unwrap();
        let mut centres = vec![Point::new(0.0, 0.0); grid.cells()];
        let mut states = vec![String::new(); grid.cells()];
        let mut found = 0;
        for region in regions {
            let Some(rest) = region.label.strip_prefix("row ") else {
                continue;
            };
            let (row, rest) = rest.split_once(", column ").unwrap();
            let (col, state) = rest.split_once(": ").unwrap();
            let i = grid.index(
                row.parse::<usize>().unwrap() - 1,
                col.parse::<usize>().unwrap() - 1,
            );
            centres[i] = region.center();
            states[i] = state.to_owned();
            found += 1;
        }
        assert_eq!(found, grid.cells(), "a region per tile");
        View {
            grid,
            mines,
            centres,
            states,
        }
    }

    fn seen(&self) -> Vec<Seen> {
        self.states
            .iter()
            .map(|s| match s.as_str() {
                "empty" => Seen::Open(0),
                "1 mine around" => Seen::Open(1),
                other => match other.strip_suffix(" mines around") {
                    Some(n) => Seen::Open(n.parse().unwrap()),
                    None => Seen::Covered,
                },
            })
            .collect()
    }
}
fn click(game: &mut GameInstance, pos: Point) {
    click_with(game, pos, Button::Primary, Modifiers::NONE);
}

#[test]
fn the_solver_wins_a_whole_game_by_clicks_alone() {
    let (mut game, recorder) = start();
    assert_eq!(game.title().unwrap(), "Minesweeper");
    let features = game.features();
    assert!(features.new_game && features.save && features.outcome);
    game.new_game(2026).unwrap();
    let view = View::read(&mut game);
    // The original's board, laid without guessing.
    assert_eq!(
        (view.grid.width, view.grid.height, view.mines),
        (16, 16, 30)
    );
    assert!(
        game.game_id()
            .unwrap()
            .starts_with("16x16:30:no-guess:2026")
    );
    assert!(view.states.iter().all(|s| s == "covered"));
    assert_eq!(
        game.status().unwrap(),
        "Click any tile to start: the first is never a mine. Mines left: 30. Time: 0 s"
    );

    // The first click, in the middle, opens an area and starts the clock.
    let first = view.grid.index(8, 8);
    click(&mut game, view.centres[first]);
    assert_eq!(recorder.requests(), ["tick 1"]);
    assert_eq!(game.game_id().unwrap(), "16x16:30:no-guess:2026:9,9");
    assert_eq!(View::read(&mut game).states[first], "empty");
    assert!(game.handle_event(&Event::Tick { dt: 1.0 }).unwrap().redraw);
    assert!(game.status().unwrap().ends_with("Time: 1 s"));

    let mut moves = 0;
    loop {
        let view = View::read(&mut game);
        let shapes = frame(&mut game);
        // Every tile shows its state in its colour at its centre.
        for (i, state) in view.states.iter().enumerate() {
            let color = color_at(&shapes, view.centres[i]);
            match state.as_str() {
                "covered" => assert!(color == Some(COVERED) || color == Some(HOVER), "{i}"),
                "flagged" => assert_eq!(color, Some(FLAG), "{i}"),
                _ => assert_eq!(color, Some(OPEN), "{i} {state}"),
            }
        }
        let found = deduce(view.grid, view.mines, &view.seen());
        if game.outcome().unwrap().result != GameResult::Playing {
            break;
        }
        assert!(
            !found.safe.is_empty(),
            "a no-guessing board never needs a guess"
        );
        // Flag one mine found, with a right-click, as a player would.
        if let Some(&mine) = found.mines.iter().find(|&&m| view.states[m] == "covered") {
            click_with(
                &mut game,
                view.centres[mine],
                Button::Secondary,
                Modifiers::NONE,
            );
            assert_eq!(View::read(&mut game).states[mine], "flagged");
            assert_eq!(color_at(&frame(&mut game), view.centres[mine]), Some(FLAG));
        }
        for cell in found.safe {
            click(&mut game, view.centres[cell]);
            moves += 1;
        }
        assert!(moves < 1000);
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(
        outcome.score,
        Some(1),
        "the seconds, fewer being better: one tick of a second"
    );
    assert_eq!(
        game.status().unwrap(),
        "Cleared in 1 second! Press N for a new game"
    );
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    // Every mine is flagged on a won board.
    let view = View::read(&mut game);
    assert_eq!(view.states.iter().filter(|s| *s == "flagged").count(), 30);
    assert!(
        game.regions()
            .unwrap()
            .iter()
            .any(|r| r.label == "Mines left: 0")
    );
    // The clock stopped.
    assert!(!game.handle_event(&Event::Tick { dt: 3.0 }).unwrap().redraw);
    // N asks the launcher for a new game.
    game.handle_event(&Event::key("n")).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
}

#[test]
fn uncovering_a_mine_loses_and_shows_the_mines() {
    let (mut game, recorder) = start();
    game.start_from_game_id("9x9:10:classic:5:5,5").unwrap();
    assert_eq!(recorder.requests(), ["tick 1"], "a replay starts the clock");
    let view = View::read(&mut game);
    assert_eq!(view.states[40], "empty");
    // Tiles a player cannot know: find a mine by trying covered tiles from
    // the top-left (a loser's way to play), flagging none.
    let mut tries = 0;
    while game.outcome().unwrap().result == GameResult::Playing {
        let view = View::read(&mut game);
        let next = view.states.iter().position(|s| s == "covered").unwrap();
        click(&mut game, view.centres[next]);
        tries += 1;
    }
    assert!(tries <= 71);
    assert_eq!(game.outcome().unwrap().result, GameResult::Lost);
    assert_eq!(game.outcome().unwrap().score, None);
    assert!(
        game.status()
            .unwrap()
            .starts_with("Boom! A mine went off after 0 seconds.")
    );
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    let view = View::read(&mut game);
    let shapes = frame(&mut game);
    let exploded: Vec<usize> = (0..81)
        .filter(|&i| view.states[i] == "exploded mine")
        .collect();
    assert_eq!(exploded.len(), 1);
    // The exploded tile is red around its mine; every mine shows.
    let e = view.centres[exploded[0]];
    assert_eq!(
        color_at(&shapes, Point::new(e.x - 12.0, e.y - 12.0)),
        Some(EXPLODED)
    );
    assert_eq!(color_at(&shapes, e), Some(MINE));
    let mines = view
        .states
        .iter()
        .filter(|s| s.contains("mine") && !s.contains("around"))
        .count();
    assert_eq!(mines, 10);
    // The board takes no more clicks.
    let before = game.save().unwrap();
    click(&mut game, view.centres[0]);
    assert_eq!(game.save().unwrap(), before);
}

#[test]
fn a_wrong_flag_shows_after_a_loss_and_undo_brings_the_game_back() {
    let (mut game, _) = start();
    game.start_from_game_id("9x9:10:classic:11:1,1").unwrap();
    let view = View::read(&mut game);
    let found = deduce(view.grid, view.mines, &view.seen());
    // A Ctrl-click puts a flag on a tile the numbers say is safe.
    let safe = *found.safe.first().expect("the opening tells a safe tile");
    let ctrl = Modifiers {
        ctrl: true,
        ..Modifiers::NONE
    };
    let before = game.save().unwrap();
    click_with(&mut game, view.centres[safe], Button::Primary, ctrl);
    assert_eq!(View::read(&mut game).states[safe], "flagged");
    assert!(game.status().unwrap().contains("Mines left: 9."));
    // Lose by uncovering covered tiles in order (the flag protects its own).
    while game.outcome().unwrap().result == GameResult::Playing {
        let view = View::read(&mut game);
        let next = view.states.iter().position(|s| s == "covered").unwrap();
        click(&mut game, view.centres[next]);
    }
    assert_eq!(View::read(&mut game).states[safe], "wrong flag");
    // The launcher's undo loads a save from before: playing again.
    game.load(&before).unwrap();
    assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
    assert_eq!(View::read(&mut game).states[safe], "covered");
}

#[test]
fn the_choices_are_the_board_no_guessing_and_question_marks() {
    let (mut game, recorder) = start();
    let actions = game.actions().unwrap();
    let ids: Vec<&str> = actions.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(ids, [BOARD, GUESSING, MARKS]);
    match &actions[0].kind {
        game_api::ActionKind::Choice { options, selected } => {
            assert_eq!(selected, "Original 16×16, 30 mines");
            assert!(options.contains(&"Beginner 9×9, 10 mines".to_string()));
            assert!(options.contains(&"Intermediate 16×16, 40 mines".to_string()));
            assert!(options.contains(&"Expert 30×16, 99 mines".to_string()));
            assert!(options.contains(&"Custom 20×20, 60 mines".to_string()));
        }
        other => panic!("{other:?}"),
    }
    // Choosing Expert asks the launcher for a new game, which gets it.
    game.invoke_action(BOARD, "Expert 30×16, 99 mines").unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    game.new_game(1).unwrap();
    assert!(game.game_id().unwrap().starts_with("30x16:99:no-guess:1"));
    assert_eq!(
        game.canvas_size().unwrap(),
        Point::new(30.0 * 28.0 + 24.0, 16.0 * 28.0 + 68.0)
    );
    game.invoke_action(GUESSING, "Off").unwrap();
    assert!(game.game_id().unwrap().starts_with("30x16:99:classic:1"));
    assert!(game.invoke_action("cheat", "").is_err());
    assert!(game.start_from_game_id("30x16:99").is_err());
    assert!(
        game.game_id().unwrap().starts_with("30x16:99:classic:1"),
        "a bad ID changes nothing"
    );
}
