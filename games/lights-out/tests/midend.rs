//! What the launcher builds its undo, redo, restart, resume, New game,
//! Game ID field and statistics on (game-api's revision 2): Lights Out's
//! `save` and `load`, `new_game`, `game_id` and `start_from_game_id`, and
//! `outcome`, through the C ABI table as the launcher calls them, and the
//! local fallback of `n` when the host is older.

use game_api::host::{CallErrorKind, GameInstance, GameLibrary, Recorder};
use game_api::{Event, Game, GameResult, NewGame, Outcome, Response, SaveLoad};
use lights_out::{Board, Cell, LightsOut};

fn start_with(recorder: Recorder) -> GameInstance {
    GameLibrary::from_static(&lights_out::GAME_TABLE)
        .unwrap()
        .start(Box::new(recorder))
        .unwrap()
}

fn start() -> GameInstance {
    start_with(Recorder::new())
}

fn click(game: &mut GameInstance, cell: Cell) -> Response {
    let pos = LightsOut::cell_center(cell);
    game.handle_event(&Event::press(pos)).unwrap();
    game.handle_event(&Event::release(pos)).unwrap()
}

/// What the player sees: every shape drawn (the lights, their outlines, a
/// hint's ring, the win message) and the status line.
fn shown(game: &mut GameInstance) -> (String, String) {
    let mut painter = game_api::RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    (format!("{:?}", painter.shapes), game.status().unwrap())
}

/// A puzzle of seed 2024 with two presses played and a hint showing.
fn mid_game() -> GameInstance {
    let mut game = start();
    game.new_game(2024).unwrap();
    click(&mut game, Cell::new(0, 0));
    click(&mut game, Cell::new(4, 4));
    assert_eq!(game.invoke_action("hint", "").unwrap(), Response::REDRAW);
    game
}

const PLAYING_2: &str = "Moves: 2, hints: 1 — turn all the lights off";

#[test]
fn a_save_loaded_back_shows_the_same_position_and_game_id() {
    let mut game = mid_game();
    let saved = game.save().unwrap();
    let id = game.game_id().unwrap();
    let before = shown(&mut game);
    assert_eq!(before.1, PLAYING_2);
    click(&mut game, Cell::new(2, 2));
    assert_ne!(game.save().unwrap(), saved, "a press changes the save");
    game.new_game(1).unwrap();
    assert_ne!(game.game_id().unwrap(), id);
    game.load(&saved).unwrap();
    assert_eq!(shown(&mut game), before, "the hint's ring is back too");
    assert_eq!(game.game_id().unwrap(), id);
    assert_eq!(game.save().unwrap(), saved);
    // Resumed in another instance (the launcher started again).
    let mut resumed = start();
    resumed.load(&saved).unwrap();
    assert_eq!(shown(&mut resumed), before);
}

#[test]
fn the_pointer_is_not_a_move() {
    let mut game = mid_game();
    let saved = game.save().unwrap();
    let pos = LightsOut::cell_center(Cell::new(1, 1));
    assert_eq!(
        game.handle_event(&Event::PointerMove { pos }).unwrap(),
        Response::REDRAW
    );
    assert_eq!(game.save().unwrap(), saved, "no move to record");
}

#[test]
fn the_launchers_restart_is_the_first_save_loaded() {
    let mut game = start();
    game.new_game(7).unwrap();
    let dealt = game.save().unwrap();
    let first = shown(&mut game);
    click(&mut game, Cell::new(1, 3));
    game.invoke_action("hint", "").unwrap();
    game.load(&dealt).unwrap();
    assert_eq!(shown(&mut game), first);
    assert_eq!(first.1, "Moves: 0 — turn all the lights off");
}

#[test]
fn garbage_truncated_and_other_games_saves_are_refused_and_the_game_goes_on() {
    let mut game = mid_game();
    let saved = game.save().unwrap();
    let before = shown(&mut game);
    let text = String::from_utf8(saved.clone()).unwrap();
    let not_ours = "These bytes are not a saved game of Lights Out.";
    let cut = "This saved game of Lights Out is cut short: its last line, \"end\", is missing.";
    let cases: Vec<(Vec<u8>, String)> = vec![
        (vec![0xde, 0xad, 0xbe, 0xef], not_ours.into()),
        (Vec::new(), not_ours.into()),
        // Chat Noir's save, as it writes one.
        (
            b"Chat Noir save 1\nstart 11:5,5:0\nposition 11:5,5:0\nrng 1\nend\n".to_vec(),
            not_ours.into(),
        ),
        (saved[..saved.len() / 2].to_vec(), cut.into()),
        (saved[..saved.len() - 1].to_vec(), cut.into()),
        (
            text.replacen("moves 2", "moves two", 1).into_bytes(),
            "This saved game of Lights Out is damaged: its move count \"two\" is not a count."
                .into(),
        ),
        (
            text.replacen("save 1", "save 2", 1).into_bytes(),
            "This saved game of Lights Out is of format 2, from a newer version; this version reads format 1.".into(),
        ),
        (
            {
                let ring = text.lines().find(|l| l.starts_with("ring ")).unwrap();
                text.replacen(ring, "ring 5,0", 1).into_bytes()
            },
            "This saved game of Lights Out is damaged: its ring \"5,0\" is not a light's row and column."
                .into(),
        ),
        // One light switched alone: no presses lead there.
        (
            {
                let board = text.lines().find(|l| l.starts_with("board ")).unwrap();
                let flipped = format!(
                    "board {}{}",
                    if board.as_bytes()[6] == b'#' { '.' } else { '#' },
                    &board[7..]
                );
                text.replacen(board, &flipped, 1).into_bytes()
            },
            "This saved game of Lights Out is damaged: no presses turn the lights as dealt into the lights it has now."
                .into(),
        ),
    ];
    for (bytes, message) in cases {
        let e = game.load(&bytes).unwrap_err();
        assert_eq!(e.kind, CallErrorKind::Error);
        assert_eq!(e.message, message);
        assert_eq!(shown(&mut game), before, "the game is as it was");
    }
    assert!(game.broken().is_none());
}

#[test]
fn the_same_seed_deals_the_same_puzzle() {
    let (mut a, mut b) = (start(), start());
    a.new_game(42).unwrap();
    b.new_game(41).unwrap();
    click(&mut b, Cell::new(0, 1));
    b.new_game(42).unwrap();
    assert_eq!(shown(&mut a), shown(&mut b));
    assert_eq!(a.save().unwrap(), b.save().unwrap());
    assert_eq!(
        a.game_id().unwrap(),
        lights_out::save::game_id(Board::random_solvable(42))
    );
}

#[test]
fn a_game_id_replays_the_puzzle_as_dealt_and_bad_ones_are_refused_clearly() {
    let mut game = mid_game();
    let id = game.game_id().unwrap();
    assert_eq!(id.len(), 29);
    assert!(id.split('/').all(|row| row.len() == 5), "{id}");
    let dealt = Board::random_solvable(2024);
    assert_eq!(id, lights_out::save::game_id(dealt));
    // Typed back (spaces forgiven), it is the puzzle as dealt, to play again.
    game.start_from_game_id(&format!(" {id}\n")).unwrap();
    assert_eq!(game.status().unwrap(), "Moves: 0 — turn all the lights off");
    assert_eq!(game.game_id().unwrap(), id);

    let example = "##.../#..../...../....#/...##";
    let before = shown(&mut game);
    for (bad, message) in [
        (
            "",
            format!("Type or paste a game ID, such as {example}, then press Enter."),
        ),
        (
            "#####",
            format!(
                "\"#####\" is not a game ID of Lights Out. A game ID gives the rows of lights from the top (3 to 9 rows, each of as many lights as there are rows), # for a light that is on and . for one that is off, with / between the rows, such as {example}."
            ),
        ),
        (
            "##.../#..../...../....#/..##",
            "Row 5 of that game ID has 4 lights; a game ID of 5 rows has 5 lights in every row.".into(),
        ),
        (
            "##.../#..x./...../....#/...##",
            "Row 2 of that game ID has 'x': a light is # when it is on and . when it is off."
                .into(),
        ),
        (
            "...../...../...../...../.....",
            "Every light of that board is already off: there is nothing to solve.".into(),
        ),
        (
            "#..../...../...../...../.....",
            "That board cannot be solved: no presses turn all its lights off. On the 4×4, 5×5 and 9×9 boards only some boards can be (a quarter of the 5×5 ones)."
                .into(),
        ),
    ] {
        let e = game.start_from_game_id(bad).unwrap_err();
        assert_eq!(e.kind, CallErrorKind::Error, "{bad}");
        assert_eq!(e.message, message, "{bad}");
        assert_eq!(shown(&mut game), before, "{bad} changed nothing");
    }
    game.start_from_game_id(example).unwrap();
    assert_eq!(game.game_id().unwrap(), example);
}

#[test]
fn solving_is_won_with_the_moves_as_its_score_fewer_being_better() {
    let mut game = start();
    game.start_from_game_id("##.../#..../...../....#/...##")
        .unwrap();
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    click(&mut game, Cell::new(2, 2));
    click(&mut game, Cell::new(2, 2));
    click(&mut game, Cell::new(0, 0));
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    click(&mut game, Cell::new(4, 4));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(4));
    assert_eq!(
        game.score_kind().unwrap(),
        game_api::ScoreKind::fewest("moves")
    );
    assert!(game.status().unwrap().starts_with("Solved in 4 moves!"));
    // Fewer moves, a lower (better) score.
    game.start_from_game_id("##.../#..../...../....#/...##")
        .unwrap();
    click(&mut game, Cell::new(0, 0));
    click(&mut game, Cell::new(4, 4));
    assert_eq!(game.outcome().unwrap(), Outcome::won().with_score(2));
}

#[test]
fn n_asks_the_launcher_for_a_new_puzzle() {
    let recorder = Recorder::new();
    let mut game = start_with(recorder.clone());
    let before = shown(&mut game);
    assert_eq!(game.handle_event(&Event::key("n")).unwrap(), Response::NONE);
    assert_eq!(recorder.requests(), ["new game"]);
    assert_eq!(shown(&mut game), before, "the launcher deals it");
}

/// A game on a host without revision 2 (a detached one here) has no
/// launcher to ask: `n` deals a new puzzle itself, from a fresh seed.
#[test]
fn without_a_launcher_to_ask_n_deals_locally() {
    let mut game = LightsOut::with_seed(5);
    game.press(Cell::new(0, 0));
    let id = game.game_id();
    assert_eq!(game.handle_event(&Event::key("n")), Response::REDRAW);
    assert_eq!(game.moves(), 0);
    assert_ne!(game.game_id(), id);
    assert_eq!(game.start_board(), game.board());
}

#[test]
fn the_rust_api_round_trips_a_save() {
    let mut game = LightsOut::with_seed(9);
    game.press(Cell::new(3, 3));
    let bytes = game.save();
    let (board, moves) = (game.board(), game.moves());
    game.new_game(10);
    game.load(&bytes).unwrap();
    assert_eq!((game.board(), game.moves()), (board, moves));
    assert_eq!(game.start_board(), Board::random_solvable(9));
}
