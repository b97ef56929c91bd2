//! What the launcher builds its undo, redo, restart, resume, New game,
//! Game ID field and statistics on (game-api's revision 2): Chat Noir's
//! `save` and `load`, `new_game`, `game_id` and `start_from_game_id`, and
//! `outcome`, through the C ABI table as the launcher calls them, and the
//! local fallbacks of `n` and the Size choice when the host is older.

use chat_noir::plugin::ChatNoir;
use chat_noir::render::cell_center;
use chat_noir::{Board, GameId, Pos, State, World, adjacent};
use game_api::host::{CallErrorKind, GameInstance, GameLibrary, NoServices, Recorder};
use game_api::{Event, Game, NewGame, Outcome, Outcomes, Response, SaveLoad};

fn start() -> GameInstance {
    start_with(Recorder::new())
}

fn start_with(recorder: Recorder) -> GameInstance {
    GameLibrary::from_static(&chat_noir::GAME_TABLE)
        .unwrap()
        .start(Box::new(recorder))
        .unwrap()
}

/// A click on the circle of `q`, and the ticks that end the cat's walk.
fn click(game: &mut GameInstance, q: Pos) -> Response {
    let pos = cell_center(q);
    game.handle_event(&Event::PointerMove { pos }).unwrap();
    game.handle_event(&Event::press(pos)).unwrap();
    let response = game.handle_event(&Event::release(pos)).unwrap();
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
    response
}

/// What the player sees of the game: every circle drawn with its colour
/// but the pointer's dot (which follows the pointer, not the game), the
/// cat, the status line, and the ID of the board the game started from.
fn shown(game: &mut GameInstance) -> (String, String, String) {
    let mut painter = game_api::RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    let circles: Vec<String> = painter
        .shapes
        .iter()
        .filter_map(|s| match s {
            game_api::Shape::Circle { radius, style, .. }
                if *radius == 10.0 && style.fill == Some(chat_noir::render::UNDER_MOUSE_COLOR) =>
            {
                None
            }
            game_api::Shape::Circle { center, style, .. } => {
                Some(format!("{center:?}{:?}", style.fill))
            }
            game_api::Shape::Ellipse { center, .. } => Some(format!("cat at {center:?}")),
            _ => None,
        })
        .collect();
    (
        circles.join(" "),
        game.status().unwrap(),
        game.game_id().unwrap(),
    )
}

/// The free circles of `id`'s board other than the cat's, far from the
/// cat first.
fn free_far(id: &GameId) -> Vec<Pos> {
    let cat = id.cat();
    let mut free: Vec<Pos> = id
        .board()
        .cells()
        .filter(|&(q, blocked)| !blocked && q != cat)
        .map(|c| c.0)
        .collect();
    free.sort_by_key(|q| std::cmp::Reverse((q.x - cat.x).pow(2) + (q.y - cat.y).pow(2)));
    free
}

/// A mid-game of 11×11: a new game of seed 2024 and three moves.
fn mid_game() -> GameInstance {
    let mut game = start();
    game.new_game(2024).unwrap();
    let id: GameId = game.game_id().unwrap().parse().unwrap();
    for q in free_far(&id).into_iter().take(3) {
        assert_eq!(click(&mut game, q), Response::REDRAW);
    }
    game
}

#[test]
fn chat_noir_offers_every_optional_function() {
    let game = start();
    let features = game.features();
    assert!(features.save && features.new_game && features.outcome);
}

#[test]
fn a_save_loaded_back_shows_the_same_position_and_game_id() {
    let mut game = mid_game();
    let saved = game.save().unwrap();
    let before = shown(&mut game);
    // Play on: the game changes, then the launcher undoes it.
    let id: GameId = game.game_id().unwrap().parse().unwrap();
    click(&mut game, free_far(&id)[5]);
    assert_ne!(shown(&mut game), before);
    assert_ne!(game.save().unwrap(), saved, "a move changes the save");
    game.load(&saved).unwrap();
    assert_eq!(shown(&mut game), before);
    assert_eq!(game.save().unwrap(), saved);

    // A new game, then undone: the ID is again the board it started from.
    game.new_game(99).unwrap();
    assert_ne!(shown(&mut game).2, before.2);
    game.load(&saved).unwrap();
    assert_eq!(shown(&mut game), before);

    // Resumed in another instance (the launcher started again).
    let mut resumed = start();
    resumed.load(&saved).unwrap();
    assert_eq!(shown(&mut resumed), before);
}

#[test]
fn after_an_undo_the_cat_answers_the_same_move_the_same_way() {
    // An open board, where the cat has several equally short ways out and
    // draws among them: the generator is part of the save.
    let mut game = start();
    game.start_from_game_id("11:5,5:0").unwrap();
    let saved = game.save().unwrap();
    let target = Pos::new(9, 1);
    click(&mut game, target);
    let answered = shown(&mut game);
    for _ in 0..3 {
        game.load(&saved).unwrap();
        click(&mut game, target);
        assert_eq!(shown(&mut game), answered);
    }
}

#[test]
fn the_pointer_and_help_are_not_moves() {
    let mut game = mid_game();
    let saved = game.save().unwrap();
    game.handle_event(&Event::PointerMove {
        pos: cell_center(Pos::new(1, 1)),
    })
    .unwrap();
    assert_eq!(
        game.handle_event(&Event::key("h")).unwrap(),
        Response::REDRAW
    );
    assert_eq!(game.save().unwrap(), saved, "no move to record");
}

#[test]
fn garbage_truncated_and_other_games_saves_are_refused_and_the_game_goes_on() {
    let mut game = mid_game();
    let saved = game.save().unwrap();
    let before = shown(&mut game);
    let text = String::from_utf8(saved.clone()).unwrap();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            vec![0xff, 0x00, 0x13, 0x37],
            "These bytes are not a saved game of Chat Noir.",
        ),
        (Vec::new(), "These bytes are not a saved game of Chat Noir."),
        // Lights Out's save, as it writes one.
        (
            b"Lights Out save 1\nstart #..../...../...../...../.....\nend\n".to_vec(),
            "These bytes are not a saved game of Chat Noir.",
        ),
        (
            saved[..saved.len() / 2].to_vec(),
            "This saved game of Chat Noir is cut short: its last line, \"end\", is missing.",
        ),
        (
            saved[..saved.len() - 1].to_vec(),
            "This saved game of Chat Noir is cut short: its last line, \"end\", is missing.",
        ),
        (
            text.replacen("Chat Noir save 2", "Chat Noir save 7", 1)
                .into_bytes(),
            "This saved game of Chat Noir is of format 7, from a newer version; this version reads format 2.",
        ),
        (
            text.replacen("start 11:5,5:", "start 23:11,11:", 1)
                .into_bytes(),
            "This saved game of Chat Noir is damaged: its start board is on a board of size 23, which this version does not offer.",
        ),
    ];
    for (bytes, message) in cases {
        let e = game.load(&bytes).unwrap_err();
        assert_eq!(e.kind, CallErrorKind::Error);
        assert_eq!(e.message, message);
        assert_eq!(shown(&mut game), before, "the game is as it was");
    }
    assert!(game.broken().is_none());
    // And it still plays.
    game.load(&saved).unwrap();
    assert_eq!(shown(&mut game), before);
}

#[test]
fn the_same_seed_deals_the_same_game() {
    let (mut a, mut b) = (start(), start());
    a.new_game(42).unwrap();
    b.invoke_action("size", "7").unwrap();
    b.new_game(1).unwrap();
    b.invoke_action("size", "11").unwrap();
    b.new_game(42).unwrap();
    assert_eq!(shown(&mut a), shown(&mut b));
    assert_eq!(
        a.game_id().unwrap(),
        World::new_game(11, 42).unwrap().game_id().to_string(),
        "the core's reproducible generator deals it"
    );
    // The same moves get the same answers.
    let id: GameId = a.game_id().unwrap().parse().unwrap();
    for q in free_far(&id).into_iter().take(4) {
        click(&mut a, q);
        click(&mut b, q);
        assert_eq!(a.save().unwrap(), b.save().unwrap());
    }
    // Another seed, another board.
    b.new_game(43).unwrap();
    assert_ne!(b.game_id().unwrap(), a.game_id().unwrap());
}

#[test]
fn trapping_the_cat_is_won_and_an_escape_is_lost() {
    let mut game = start();
    let around = adjacent(Pos::new(2, 2));
    let board = Board::empty(5).unwrap().with_blocked(around[1..].to_vec());
    let id = World::new(board, Pos::new(2, 2)).unwrap().game_id();
    game.start_from_game_id(&id.to_string()).unwrap();
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    click(&mut game, around[0]);
    assert_eq!(game.outcome().unwrap(), Outcome::won());
    assert!(game.status().unwrap().starts_with("You trapped the cat!"));

    game.start_from_game_id("5:1,1:0").unwrap();
    click(&mut game, Pos::new(3, 3));
    assert_eq!(game.outcome().unwrap(), Outcome::lost());
    assert!(game.status().unwrap().starts_with("The cat escaped!"));
    // Undone, the game goes on again.
    game.start_from_game_id("5:1,1:0").unwrap();
    let fresh = game.save().unwrap();
    click(&mut game, Pos::new(3, 3));
    game.load(&fresh).unwrap();
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
}

#[test]
fn n_once_over_asks_the_launcher_for_a_new_game() {
    let recorder = Recorder::new();
    let mut game = start_with(recorder.clone());
    game.start_from_game_id("5:1,1:0").unwrap();
    game.handle_event(&Event::key("n")).unwrap();
    assert!(recorder.requests().is_empty(), "not while playing");
    click(&mut game, Pos::new(3, 3));
    assert_eq!(
        recorder.requests(),
        ["tick 0.016", "tick stop"],
        "ticks only while the cat walked"
    );
    game.handle_event(&Event::key("n")).unwrap();
    assert_eq!(recorder.requests()[2..], ["new game"]);
}

/// A game on a host without revision 2 (a detached one here) has no
/// launcher to ask: `n` and the Size choice deal a new game themselves,
/// from a fresh seed.
#[test]
fn without_a_launcher_to_ask_n_and_the_size_choice_deal_locally() {
    let mut game =
        ChatNoir::from_world(World::new(Board::empty(5).unwrap(), Pos::new(1, 1)).unwrap());
    let first = game.start_id();
    game.handle_event(&Event::release(cell_center(Pos::new(3, 3))));
    assert_eq!(game.world().state(), State::CatWon);
    assert_eq!(game.outcome(), Outcome::lost());
    assert_eq!(game.handle_event(&Event::key("n")), Response::REDRAW);
    assert_eq!(game.world().state(), State::Playing);
    assert_eq!(game.world().board().blocked_count(), 6);
    assert_eq!(game.world().size(), 5);
    assert_ne!(game.start_id(), first);
    assert_eq!(game.game_id(), game.start_id().to_string());

    assert_eq!(game.invoke_action("size", "9"), Ok(Response::REDRAW));
    assert_eq!(game.world().size(), 9);
    assert_eq!(game.world().board().blocked_count(), 6);
}

#[test]
fn the_rust_api_round_trips_a_save() {
    let mut game = ChatNoir::with_seed(11, 5).unwrap();
    let q = Pos::new(1, 3);
    game.handle_event(&Event::release(cell_center(q)));
    let world = game.world().clone();
    let bytes = SaveLoad::save(&game);
    game.new_game(6);
    assert_ne!(game.world(), &world);
    game.load(&bytes).unwrap();
    assert_eq!(game.world().board(), world.board());
    assert_eq!(game.world().cat(), world.cat());
    assert_eq!(game.world().rng(), world.rng());
    assert_eq!(game.start_id(), World::new_game(11, 5).unwrap().game_id());
    // A NoServices host is of revision 2, as every launcher: nothing local.
    let mut through_abi = GameLibrary::from_static(&chat_noir::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    through_abi.load(&bytes).unwrap();
    assert_eq!(through_abi.save().unwrap(), bytes);
}
