//! Plays Tally Maze through the real C ABI table, as the launcher does, and
//! checks what a player sees: where the ball and the pumpkins are drawn,
//! the colours at cells, the status line and the outcome. Where the
//! launcher would deal a new maze, the test calls `new_game` with a seed,
//! as the launcher does.

use game_api::host::{GameInstance, Recorder};
use game_api::{ActionKind, Event, GameResult, Point, Response, Shape};
use game_test::play::{color_at, frame};
use tally_maze::game::{BALL, EXIT, Layout, PUMPKIN, TICK};
use tally_maze::maze::{Cell, Dir, Enumeration};
use tally_maze::nat::Nat;
use tally_maze::rules::{Tally, Turn};
use tally_maze::search::{Found, some_win};

/// The maze New game deals from seed 1 on the 12 × 12 board, and a way out
/// of it (found by `search::some_win`, and played to the win in the
/// original, see `tests/data/plays.txt`).
const WINNABLE: &str = "67563176759168587958759611729762092727812947989501";
const WAY_OUT: &str = "ddrurddddldnnnnnnrnddrrrrrrdrrrdd";

fn start() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&tally_maze::GAME_TABLE)
}

/// What the player sees: the cell the ball is drawn on, and the cells of
/// the pumpkins (each pumpkin is three orange lobes; the middle one is
/// drawn last).
fn seen(game: &mut GameInstance, layout: &Layout) -> (Cell, Vec<Cell>) {
    let shapes = frame(game);
    let balls: Vec<Cell> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Circle { center, style, .. } if style.fill == Some(BALL) => {
                layout.cell_at(*center)
            }
            _ => None,
        })
        .collect();
    assert_eq!(balls.len(), 1, "one ball");
    let lobes: Vec<Point> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Ellipse { center, style, .. } if style.fill == Some(PUMPKIN) => Some(*center),
            _ => None,
        })
        .collect();
    assert_eq!(lobes.len(), 6, "two pumpkins of three lobes");
    let mut pumpkins: Vec<Cell> = lobes
        .chunks(3)
        .map(|lobes| layout.cell_at(lobes[2]).expect("on the board"))
        .collect();
    pumpkins.sort();
    (balls[0], pumpkins)
}

fn key(game: &mut GameInstance, name: &str) -> Response {
    game.handle_event(&Event::key(name)).unwrap()
}

fn turn_key(turn: Turn) -> &'static str {
    match turn {
        Turn::Step(Dir::Up) => "ArrowUp",
        Turn::Step(Dir::Down) => "ArrowDown",
        Turn::Step(Dir::Left) => "ArrowLeft",
        Turn::Step(Dir::Right) => "ArrowRight",
        Turn::Wait => "Space",
        Turn::NextMaze => "n",
    }
}

/// Ends the glide of the last turn, as ticks would.
fn settle(game: &mut GameInstance) {
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
}

/// Plays `turns` with the keys, checking after each that the ball and the
/// pumpkins are drawn where the rules put them, and that the game goes on
/// until the last.
fn play(game: &mut GameInstance, tally: &mut Tally, turns: &[Turn]) {
    let layout = Layout::new(tally.width(), tally.height());
    for (i, &turn) in turns.iter().enumerate() {
        assert_eq!(
            game.outcome().unwrap().result,
            GameResult::Playing,
            "turn {i}"
        );
        assert!(tally.play(turn), "turn {i} is legal");
        assert_eq!(key(game, turn_key(turn)), Response::REDRAW, "turn {i}");
        settle(game);
        let (ball, pumpkins) = seen(game, &layout);
        let p = tally.position();
        let mut expected = p.pumpkins.to_vec();
        expected.sort();
        assert_eq!(
            (ball, pumpkins),
            (p.player, expected),
            "after turn {i}: {turn:?}"
        );
        let status = game.status().unwrap();
        if tally.is_won() {
            assert!(
                status.starts_with(&format!("Out in {} turns!", i + 1)),
                "{status}"
            );
        } else {
            assert!(status.contains(&format!("Turns: {}.", i + 1)), "{status}");
        }
    }
}

fn turns(script: &str) -> Vec<Turn> {
    script
        .chars()
        .map(|c| Turn::from_letter(c).unwrap())
        .collect()
}

#[test]
fn the_game_introduces_itself() {
    let (mut game, _) = start();
    assert_eq!(game.title().unwrap(), "Tally Maze");
    let layout = Layout::new(12, 12);
    assert_eq!(game.canvas_size().unwrap(), layout.canvas());
    let features = game.features();
    assert!(features.save && features.new_game && features.outcome);
    let status = game.status().unwrap();
    assert!(status.starts_with("Turns: 0. Reach the exit"), "{status}");
    let (ball, pumpkins) = seen(&mut game, &layout);
    assert_eq!(ball, Cell::new(0, 0));
    assert_eq!(pumpkins, [Cell::new(11, 11); 2]);
    let ids: Vec<String> = game.actions().unwrap().into_iter().map(|a| a.id).collect();
    assert_eq!(ids, ["wait", "next", "take-back", "size", "preview"]);
}

#[test]
fn a_whole_maze_played_to_the_exit_wins() {
    let (mut game, _) = start();
    game.new_game(1).unwrap();
    assert_eq!(
        game.game_id().unwrap(),
        WINNABLE,
        "New game deals from the seed"
    );
    let mut tally = Tally::on_board(12, 12, &Nat::parse_decimal(WINNABLE).unwrap()).unwrap();
    let way = turns(WAY_OUT);
    play(&mut game, &mut tally, &way);
    assert!(tally.is_won());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(33), "the turns, fewer being better");
    assert_eq!(
        game.status().unwrap(),
        "Out in 33 turns! Ctrl+N deals a new maze."
    );
    // The ball is drawn on the green exit.
    let layout = Layout::new(12, 12);
    let shapes = frame(&mut game);
    let exit = layout.corner(11.0, 11.0);
    assert_eq!(
        color_at(
            &shapes,
            Point::new(exit.x + 0.2 * layout.cell, exit.y + 0.8 * layout.cell)
        ),
        Some(EXIT)
    );
    assert_eq!(
        color_at(&shapes, layout.center(Cell::new(11, 11))),
        Some(BALL)
    );
    assert!(
        shapes
            .iter()
            .any(|s| matches!(s, Shape::Text { text, .. } if text == "You got out!"))
    );
    // A finished game takes no more turns.
    for k in ["ArrowUp", "ArrowLeft", "Space", "n"] {
        assert_eq!(key(&mut game, k), Response::NONE);
    }
    // The game ID still names the maze the game started with.
    assert_eq!(game.game_id().unwrap(), WINNABLE);
}

#[test]
fn an_automatic_player_wins_a_dealt_maze_found_by_search() {
    let (mut game, _) = start();
    game.new_game(7).unwrap();
    let first = Nat::parse_decimal(&game.game_id().unwrap()).unwrap();
    let mut tally = Tally::on_board(12, 12, &first).unwrap();
    let mut mazes = tally.mazes().clone();
    let Found::Win(way) = some_win(&mut mazes, tally.position(), &Turn::ALL, 200_000) else {
        panic!("maze {first} has a way out within the budget");
    };
    play(&mut game, &mut tally, &way);
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    assert_eq!(game.outcome().unwrap().score, Some(way.len() as i64));
}

#[test]
fn waiting_for_the_pumpkins_loses_and_z_takes_it_back() {
    let (mut game, _) = start();
    game.start_from_game_id("8x8:1000000").unwrap();
    let layout = Layout::new(8, 8);
    assert_eq!(game.canvas_size().unwrap(), layout.canvas());
    let mut waits = 0;
    while game.outcome().unwrap().result == GameResult::Playing {
        assert_eq!(key(&mut game, "Space"), Response::REDRAW);
        waits += 1;
        assert!(waits < 64, "the pumpkins arrive");
    }
    settle(&mut game);
    assert_eq!(game.outcome().unwrap().result, GameResult::Lost);
    // The chasing pumpkin walks the way from the exit to the ball, one cell
    // a turn: as many waits as that way is long.
    let maze = Enumeration::shared(8, 8)
        .maze(&Nat::from(1_000_000u64))
        .unwrap();
    let way = maze.distances_to(Cell::new(7, 7))[0].unwrap();
    assert_eq!(waits, way);
    let (ball, pumpkins) = seen(&mut game, &layout);
    assert_eq!(ball, Cell::new(0, 0));
    assert!(pumpkins.contains(&ball));
    assert_eq!(
        game.status().unwrap(),
        format!(
            "Caught by a pumpkin after {way} turns. Z takes the last turn back; Ctrl+N deals a new maze."
        )
    );
    assert!(
        frame(&mut game)
            .iter()
            .any(|s| matches!(s, Shape::Text { text, .. } if text == "Caught!"))
    );
    // z takes the turn back: playing again, the pumpkin one step away.
    assert_eq!(key(&mut game, "z"), Response::REDRAW);
    assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
    let status = game.status().unwrap();
    assert!(
        status.starts_with(&format!("A pumpkin is next to you! Turns: {}.", way - 1)),
        "{status}"
    );
    let (_, pumpkins) = seen(&mut game, &layout);
    assert!(!pumpkins.contains(&Cell::new(0, 0)));
}

#[test]
fn turns_glide_on_ticks_asked_for_only_while_moving() {
    let (mut game, recorder) = start();
    game.start_from_game_id(WINNABLE).unwrap();
    let layout = Layout::new(12, 12);
    let ticks = |r: &Recorder| -> Vec<String> {
        r.requests()
            .into_iter()
            .filter(|q| q.starts_with("tick"))
            .collect()
    };
    assert!(ticks(&recorder).is_empty(), "nothing moves yet");
    assert_eq!(key(&mut game, "ArrowDown"), Response::REDRAW);
    assert_eq!(ticks(&recorder), [format!("tick {}", TICK.as_secs_f32())]);
    // The state changed at once: the ball is drawn where it was (the glide
    // starts there), but the status and the save already have the turn.
    assert!(game.status().unwrap().starts_with("Turns: 1."));
    let (ball, _) = seen(&mut game, &layout);
    assert_eq!(ball, Cell::new(0, 0));
    // Half way, the ball is between its cells.
    game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
    let shapes = frame(&mut game);
    let y = shapes
        .iter()
        .find_map(|s| match s {
            Shape::Circle { center, style, .. } if style.fill == Some(BALL) => Some(center.y),
            _ => None,
        })
        .unwrap();
    let (from, to) = (
        layout.center(Cell::new(0, 0)).y,
        layout.center(Cell::new(0, 1)).y,
    );
    assert!(from < y && y < to, "{from} < {y} < {to}");
    game.handle_event(&Event::Tick { dt: 0.5 }).unwrap();
    assert_eq!(seen(&mut game, &layout).0, Cell::new(0, 1));
    assert_eq!(
        ticks(&recorder).last().map(String::as_str),
        Some("tick stop")
    );
    // A tick after the glide changes nothing.
    assert_eq!(
        game.handle_event(&Event::Tick { dt: 0.1 }).unwrap(),
        Response::NONE
    );
}

#[test]
fn clicks_step_to_open_neighbours_and_wait_on_the_ball() {
    let (mut game, _) = start();
    game.start_from_game_id(WINNABLE).unwrap();
    let layout = Layout::new(12, 12);
    let click =
        |game: &mut GameInstance, cell: Cell| game_test::play::click(game, layout.center(cell));
    // Maze WINNABLE: from the start, down is open (the way out begins
    // with two steps down); from the cell below, some neighbour is walled.
    let maze = Enumeration::shared(12, 12)
        .maze(&Nat::parse_decimal(WINNABLE).unwrap())
        .unwrap();
    assert!(maze.is_open(Cell::new(0, 0), Dir::Down));
    click(&mut game, Cell::new(5, 5));
    assert!(
        game.status().unwrap().starts_with("Turns: 0."),
        "not a neighbour"
    );
    click(&mut game, Cell::new(1, 1));
    assert!(
        game.status().unwrap().starts_with("Turns: 0."),
        "not a neighbour either"
    );
    assert_eq!(click(&mut game, Cell::new(0, 1)), Response::REDRAW);
    settle(&mut game);
    assert_eq!(seen(&mut game, &layout).0, Cell::new(0, 1));
    let walled = Dir::ALL
        .into_iter()
        .find(|&d| maze.step(Cell::new(0, 1), d).is_some() && !maze.is_open(Cell::new(0, 1), d))
        .and_then(|d| maze.step(Cell::new(0, 1), d))
        .expect("a walled neighbour");
    click(&mut game, walled);
    assert!(
        game.status().unwrap().contains("Turns: 1."),
        "a wall is in the way"
    );
    assert_eq!(
        click(&mut game, Cell::new(0, 1)),
        Response::REDRAW,
        "on the ball: wait"
    );
    assert!(game.status().unwrap().contains("Turns: 2."));
    // The regions say where things are, and activating one clicks it.
    let regions = game.regions().unwrap();
    assert_eq!(regions.len(), 144);
    assert!(
        regions[12]
            .label
            .starts_with("row 2, column 1: the blue ball"),
        "{}",
        regions[12].label
    );
    assert!(regions[143].label.contains("the exit"));
    assert!(regions[0].label.contains("click to step here"));
}

#[test]
fn saves_load_back_and_damage_is_refused() {
    let (mut game, _) = start();
    game.start_from_game_id(WINNABLE).unwrap();
    for k in ["ArrowDown", "ArrowDown", "n"] {
        key(&mut game, k);
    }
    let saved = game.save().unwrap();
    let status = game.status().unwrap();
    key(&mut game, "Space");
    game.load(&saved).unwrap();
    assert_eq!(game.status().unwrap(), status);
    assert!(game.load(b"garbage").is_err());
    assert!(game.load(&saved[..saved.len() - 1]).is_err());
    assert_eq!(game.save().unwrap(), saved, "a refused load keeps the game");
    // Bad IDs are refused in words, and the game stays.
    let err = game.start_from_game_id("twelve").unwrap_err();
    assert!(
        err.to_string().contains("a game ID is a maze number"),
        "{err}"
    );
    assert_eq!(game.save().unwrap(), saved);
}

#[test]
fn the_size_choice_deals_a_new_maze_of_that_size() {
    let (mut game, recorder) = start();
    let size = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "size")
        .unwrap();
    let ActionKind::Choice { options, selected } = size.kind else {
        panic!("a choice")
    };
    assert_eq!(options, ["6", "8", "10", "12", "14", "16"]);
    assert_eq!(selected, "12");
    game.invoke_action("size", "8").unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    game.new_game(5).unwrap();
    assert!(game.game_id().unwrap().starts_with("8x8:"));
    assert_eq!(game.canvas_size().unwrap(), Layout::new(8, 8).canvas());
    assert!(game.invoke_action("size", "7").is_err());
    assert!(game.invoke_action("fly", "").is_err());
}
