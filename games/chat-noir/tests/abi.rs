//! Plays Chat Noir through the real C ABI table, as the launcher does
//! (`GameLibrary::from_static(&chat_noir::GAME_TABLE)`), and checks what a
//! player would see: the circles, dots and cat drawn, the status line, the
//! Size choice, and the game IDs the launcher's Game ID field shows and
//! takes. Where the launcher would start a new game (its New game, or the
//! game asking for one), the test does what the launcher does: it calls
//! `new_game` with a seed.
//!
//! Longer than most files: every test reads the board back from the
//! drawing with the same helpers, which would otherwise move to a shared
//! module for this one user.

use chat_noir::render::{
    BLOCKED_COLOR, FACE_COLOR, MAD_FACE_COLOR, NORMAL_COLOR, ON_SHORTEST_PATH_COLOR,
    UNDER_MOUSE_COLOR, cell_center,
};
use chat_noir::{Board, GameId, Mood, Pos, State, World, adjacent, cell_at_point};
use game_api::host::{CallErrorKind, GameInstance, Recorder};
use game_api::{ActionKind, Button, Event, Modifiers, Point, Response, Shape};
use game_test::play::frame;
use std::collections::BTreeSet;

fn start() -> GameInstance {
    game_test::play::start(&chat_noir::GAME_TABLE)
}

/// A game whose requests to the launcher are recorded.
fn start_recorded() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&chat_noir::GAME_TABLE)
}

/// A game started from the position `id`, as the Game ID field starts it.
fn start_at(id: &str) -> GameInstance {
    let mut game = start();
    game.start_from_game_id(id).unwrap();
    game
}

/// [`start_at`], with the game's requests recorded.
fn recorded_at(id: &str) -> (GameInstance, Recorder) {
    let (mut game, recorder) = start_recorded();
    game.start_from_game_id(id).unwrap();
    (game, recorder)
}

/// What the player sees on the canvas.
#[derive(Debug, PartialEq)]
struct Seen {
    /// Every circle drawn, with whether it is black.
    blocked: BTreeSet<Pos>,
    free: BTreeSet<Pos>,
    /// The cells with a black dot (under the pointer).
    pointer: BTreeSet<Pos>,
    /// The cells with a white dot (on the cat's paths).
    paths: BTreeSet<Pos>,
    /// Where the cat's face is, and its mood.
    cat: Pos,
    mood: Mood,
}

fn cell_of(size: u32, at: Point) -> Pos {
    cell_at_point(size, f64::from(at.x), f64::from(at.y))
        .unwrap_or_else(|| panic!("{at:?} is on no circle"))
}

fn seen(game: &mut GameInstance) -> Seen {
    let size = size_of(game);
    let shapes = frame(game);
    let mut seen = Seen {
        blocked: BTreeSet::new(),
        free: BTreeSet::new(),
        pointer: BTreeSet::new(),
        paths: BTreeSet::new(),
        cat: Pos::new(-1, -1),
        mood: Mood::Thinking,
    };
    let mut faces = 0;
    for shape in &shapes {
        match shape {
            Shape::Circle {
                center,
                radius,
                style,
            } if style.stroke.is_none() && (*radius == 20.0 || *radius == 10.0) => {
                let q = cell_of(size, *center);
                let fill = style.fill.unwrap();
                match (*radius == 20.0, fill) {
                    (true, c) if c == BLOCKED_COLOR => assert!(seen.blocked.insert(q)),
                    (true, c) if c == NORMAL_COLOR => assert!(seen.free.insert(q)),
                    (false, c) if c == UNDER_MOUSE_COLOR => assert!(seen.pointer.insert(q)),
                    (false, c) if c == ON_SHORTEST_PATH_COLOR => assert!(seen.paths.insert(q)),
                    other => panic!("unexpected circle {other:?}"),
                }
            }
            Shape::Ellipse {
                center,
                radius_x: 18.0,
                radius_y: 11.0,
                style,
            } => {
                faces += 1;
                seen.cat = cell_of(size, *center);
                assert_eq!(*center, cell_center(seen.cat), "the face is centred");
                let fill = style.fill.unwrap();
                seen.mood = if fill == MAD_FACE_COLOR {
                    Mood::Mad
                } else {
                    assert_eq!(fill, FACE_COLOR);
                    // The happy cat's mouths have black rings.
                    let smiles = shapes.iter().any(|s| {
                        matches!(s, Shape::Circle { radius: 4.0, style, .. }
                            if style.stroke.is_some_and(|st| st.color == game_api::BLACK))
                    });
                    if smiles { Mood::Happy } else { Mood::Thinking }
                };
            }
            _ => {}
        }
    }
    assert_eq!(faces, 1, "one cat");
    seen
}

fn size_of(game: &mut GameInstance) -> u32 {
    let canvas = game.canvas_size().unwrap();
    (3..=99)
        .step_by(2)
        .find(|&s| chat_noir::render::canvas_size(s) == canvas)
        .expect("a board's canvas")
}

fn action_value(game: &mut GameInstance, id: &str) -> String {
    let action = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == id)
        .unwrap_or_else(|| panic!("no action {id}"));
    match action.kind {
        ActionKind::Text { value } => value,
        ActionKind::Choice { selected, .. } => selected,
        ActionKind::Button => String::new(),
    }
}

fn game_id(game: &mut GameInstance) -> GameId {
    game.game_id().unwrap().parse().expect("a valid game ID")
}

fn release(game: &mut GameInstance, pos: Point, button: Button) -> Response {
    game.handle_event(&Event::PointerRelease {
        pos,
        button,
        modifiers: game_api::Modifiers::NONE,
    })
    .unwrap()
}

/// A click on the circle of `q`, as the launcher reports it.
fn click(game: &mut GameInstance, q: Pos) -> Response {
    let pos = cell_center(q);
    game.handle_event(&Event::PointerMove { pos }).unwrap();
    game.handle_event(&Event::PointerPress {
        pos,
        button: Button::Primary,
        modifiers: game_api::Modifiers::NONE,
    })
    .unwrap();
    let response = release(game, pos, Button::Primary);
    settle(game);
    response
}

/// The launcher's ticks until the cat's walk ends: a tick of a second
/// ends any step (a step takes 150 ms).
fn settle(game: &mut GameInstance) {
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
}

fn key(game: &mut GameInstance, name: &str) -> Response {
    game.handle_event(&Event::key(name)).unwrap()
}

fn id_of(board: Board, cat: Pos) -> String {
    World::new(board, cat).unwrap().game_id().to_string()
}

const PLAYING: &str = "Click a circle to block it. Classic cat. Help off (H shows the cat's paths)";
const PLAYING_HELP: &str =
    "Click a circle to block it. Classic cat. Help on (H hides the cat's paths)";
const ESCAPED: &str =
    "The cat escaped! Press N for a new game. Classic cat. Help off (H shows the cat's paths)";
const TRAPPED: &str =
    "You trapped the cat! Press N for a new game. Classic cat. Help off (H shows the cat's paths)";

#[test]
fn the_game_introduces_itself_with_a_new_11_by_11_game() {
    let mut game = start();
    assert_eq!(game.title().unwrap(), "Chat Noir");
    assert_eq!(game.canvas_size().unwrap(), Point::new(502.0, 422.0));
    assert_eq!(game.status().unwrap(), PLAYING);
    let seen = seen(&mut game);
    assert_eq!(seen.blocked.len(), 6, "six random circles are blocked");
    assert_eq!(seen.blocked.len() + seen.free.len(), 119);
    assert_eq!((seen.cat, seen.mood), (Pos::new(5, 5), Mood::Thinking));
    assert!(seen.pointer.is_empty() && seen.paths.is_empty());

    // Its own controls: Hint (?), Solve (s), the Cat and Size choices, the
    // badge's switch and Training's. New game, Undo and the Game ID field are the
    // launcher's.
    let actions = game.actions().unwrap();
    let summary: Vec<(&str, &str, Option<&str>, bool)> = actions
        .iter()
        .map(|a| {
            (
                a.id.as_str(),
                a.label.as_str(),
                a.shortcut.as_deref(),
                a.enabled,
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("hint", "Hint", Some("QuestionMark"), true),
            ("solve", "Solve", Some("s"), true),
            ("cat", "Cat", Some("c"), true),
            ("size", "Size", None, true),
            ("badge", "Show winnable", None, true),
            ("training", "Training", None, true),
        ]
    );
    assert_eq!(
        actions[2].kind,
        ActionKind::Choice {
            options: ["Classic", "Clever", "Expert"].map(String::from).to_vec(),
            selected: "Classic".into()
        }
    );
    assert_eq!(
        actions[3].kind,
        ActionKind::Choice {
            options: ["5", "7", "9", "11", "13", "15", "17", "19", "21"]
                .map(String::from)
                .to_vec(),
            selected: "11".into()
        }
    );
    // The game ID is the board on the screen.
    let id = game_id(&mut game);
    let blocked: BTreeSet<Pos> = id.board().cells().filter(|c| c.1).map(|c| c.0).collect();
    assert_eq!(blocked, seen.blocked);
    assert_eq!(id.cat(), Pos::new(5, 5));
}

#[test]
fn new_games_are_seeded_from_entropy() {
    let boards: BTreeSet<String> = (0..4).map(|_| game_id(&mut start()).to_string()).collect();
    assert!(boards.len() > 1, "four new games, one board: {boards:?}");
}

#[test]
fn a_click_on_a_free_circle_blocks_it_and_the_cat_steps() {
    let mut game = start_at("11:5,5:0");
    let before = seen(&mut game);
    assert!(before.blocked.is_empty());
    let target = Pos::new(2, 8);
    assert_eq!(click(&mut game, target), Response::REDRAW);
    let after = seen(&mut game);
    assert_eq!(after.blocked, BTreeSet::from([target]));
    assert!(
        adjacent(before.cat).contains(&after.cat),
        "one step: {:?} -> {:?}",
        before.cat,
        after.cat
    );
    assert_eq!(after.mood, Mood::Thinking);
    assert_eq!(game.status().unwrap(), PLAYING);
    // The pointer rests on the circle just blocked: its dot is black on
    // black. The ID is still the board the game started from.
    assert_eq!(after.pointer, BTreeSet::from([target]));
    assert_eq!(game.game_id().unwrap(), "11:5,5:0");
}

#[test]
fn clicks_that_are_not_moves_change_nothing() {
    let board = Board::empty(11).unwrap().with_blocked([(3, 3)]);
    let mut game = start_at(&id_of(board, Pos::new(5, 5)));
    let before = seen(&mut game);
    // A blocked circle, the cat's own circle, the gap between circles, the
    // secondary button.
    assert_eq!(click(&mut game, Pos::new(3, 3)), Response::NONE);
    assert_eq!(seen(&mut game).pointer, BTreeSet::from([Pos::new(3, 3)]));
    assert_eq!(click(&mut game, Pos::new(5, 5)), Response::NONE);
    assert!(seen(&mut game).pointer.is_empty(), "never a dot on the cat");
    assert_eq!(
        release(&mut game, Point::new(1.0, 1.0), Button::Primary),
        Response::NONE
    );
    let free = cell_center(Pos::new(7, 7));
    release(&mut game, free, Button::Secondary);
    let after = seen(&mut game);
    assert_eq!((&after.blocked, after.cat), (&before.blocked, before.cat));
}

#[test]
fn the_pointer_marks_its_circle_and_only_changes_redraw() {
    let mut game = start_at("11:5,5:0");
    let a = cell_center(Pos::new(2, 3));
    let moved = |game: &mut GameInstance, pos: Point| {
        game.handle_event(&Event::PointerMove { pos }).unwrap()
    };
    assert_eq!(moved(&mut game, a), Response::REDRAW);
    assert_eq!(seen(&mut game).pointer, BTreeSet::from([Pos::new(2, 3)]));
    // Within the same circle: nothing to redraw.
    assert_eq!(
        moved(&mut game, Point::new(a.x + 5.0, a.y - 3.0)),
        Response::NONE
    );
    assert_eq!(
        moved(&mut game, cell_center(Pos::new(3, 3))),
        Response::REDRAW
    );
    assert_eq!(seen(&mut game).pointer, BTreeSet::from([Pos::new(3, 3)]));
    // Between circles or on the cat: no dot.
    assert_eq!(moved(&mut game, Point::new(0.5, 0.5)), Response::REDRAW);
    assert_eq!(moved(&mut game, Point::new(0.5, 1.5)), Response::NONE);
    moved(&mut game, cell_center(Pos::new(3, 3)));
    assert_eq!(
        moved(&mut game, cell_center(Pos::new(5, 5))),
        Response::REDRAW
    );
    assert!(seen(&mut game).pointer.is_empty());
    // Leaving the canvas clears the dot.
    moved(&mut game, a);
    assert_eq!(
        game.handle_event(&Event::PointerLeave).unwrap(),
        Response::REDRAW
    );
    assert!(seen(&mut game).pointer.is_empty());
    assert_eq!(
        game.handle_event(&Event::PointerLeave).unwrap(),
        Response::NONE
    );
    // A key that does nothing, and key releases, redraw nothing either.
    assert_eq!(key(&mut game, "x"), Response::NONE);
    assert_eq!(
        game.handle_event(&Event::KeyRelease {
            key: "h".into(),
            modifiers: game_api::Modifiers::NONE
        })
        .unwrap(),
        Response::NONE
    );
}

/// The cat on (2, 2) of a 5×5 board with five of its six neighbours
/// blocked: the last one boxes it in.
fn almost_trapped() -> (String, Pos) {
    let around = adjacent(Pos::new(2, 2));
    let board = Board::empty(5).unwrap().with_blocked(around[1..].to_vec());
    (id_of(board, Pos::new(2, 2)), around[0])
}

#[test]
fn boxing_the_cat_in_wins_and_n_asks_for_a_new_game() {
    let (id, last) = almost_trapped();
    let (mut game, recorder) = recorded_at(&id);
    assert_eq!(game.canvas_size().unwrap(), Point::new(238.0, 193.0));
    assert_eq!(click(&mut game, last), Response::REDRAW);
    let seen_now = seen(&mut game);
    assert_eq!((seen_now.cat, seen_now.mood), (Pos::new(2, 2), Mood::Mad));
    assert_eq!(seen_now.blocked.len(), 6);
    assert!(seen_now.pointer.is_empty(), "no dot once the game is over");
    assert_eq!(game.status().unwrap(), TRAPPED);
    // The ID gives the board the game started from, to play it again.
    assert_eq!(game.game_id().unwrap(), id);
    // The game is over: clicks do nothing.
    assert_eq!(click(&mut game, Pos::new(0, 2)), Response::NONE);

    // N asks the launcher for a new game, as its New game button starts
    // one; the board stays until the launcher deals it.
    assert!(recorder.requests().is_empty());
    assert_eq!(key(&mut game, "n"), Response::NONE);
    assert_eq!(recorder.requests(), ["new game"]);
    assert_eq!(game.status().unwrap(), TRAPPED);
    game.new_game(77).unwrap();
    assert_eq!(game.status().unwrap(), PLAYING);
    let next = seen(&mut game);
    assert_eq!((next.cat, next.mood), (Pos::new(2, 2), Mood::Thinking));
    assert_eq!(next.blocked.len(), 6);
    assert_eq!(size_of(&mut game), 5, "a new game keeps the board's size");
    // While playing, N does nothing.
    assert_eq!(key(&mut game, "n"), Response::NONE);
    assert_eq!(recorder.requests(), ["new game"]);
}

#[test]
fn letting_the_cat_reach_the_edge_loses() {
    // The cat one step from the edge.
    let (mut game, recorder) = recorded_at("5:1,1:0");
    assert_eq!(click(&mut game, Pos::new(3, 3)), Response::REDRAW);
    let seen_now = seen(&mut game);
    assert_eq!(seen_now.mood, Mood::Happy);
    assert!(Board::empty(5).unwrap().on_boundary(seen_now.cat));
    assert_eq!(game.status().unwrap(), ESCAPED);
    assert_eq!(game.game_id().unwrap(), "5:1,1:0");
    // Shift+N is N too.
    let shift_n = Event::KeyPress {
        key: "n".into(),
        modifiers: Modifiers::SHIFT,
    };
    game.handle_event(&shift_n).unwrap();
    assert_eq!(recorder.requests(), ["tick 0.016", "tick stop", "new game"]);
    game.new_game(5).unwrap();
    assert_eq!(seen(&mut game).mood, Mood::Thinking);
}

#[test]
fn h_toggles_the_help_which_shows_the_cats_paths_around_the_pointer() {
    let board = Board::empty(7).unwrap().with_blocked([(1, 1), (4, 2)]);
    let cat = Pos::new(3, 3);
    let mut game = start_at(&id_of(board.clone(), cat));
    assert_eq!(key(&mut game, "h"), Response::REDRAW);
    assert_eq!(game.status().unwrap(), PLAYING_HELP);
    let world = World::new(board.clone(), cat).unwrap().with_help(true);
    let expected: BTreeSet<Pos> = board
        .cells()
        .map(|c| c.0)
        .filter(|&q| world.cats_path().contains(q))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(seen(&mut game).paths, expected);

    // With the pointer on a circle of a path, the paths avoid it.
    let on_path = *expected.iter().find(|&&q| q != cat).unwrap();
    game.handle_event(&Event::PointerMove {
        pos: cell_center(on_path),
    })
    .unwrap();
    let pointed = World::new(board.clone(), cat)
        .unwrap()
        .with_help(true)
        .with_mouse(Some(on_path));
    let expected: BTreeSet<Pos> = board
        .cells()
        .map(|c| c.0)
        .filter(|&q| q != on_path && pointed.cats_path().contains(q))
        .collect();
    let now = seen(&mut game);
    assert_eq!(now.pointer, BTreeSet::from([on_path]));
    assert_eq!(now.paths, expected);

    // Help stays on through a new game, and goes off with h.
    game.new_game(3).unwrap();
    assert_eq!(game.status().unwrap(), PLAYING_HELP);
    assert!(!seen(&mut game).paths.is_empty());
    assert_eq!(key(&mut game, "h"), Response::REDRAW);
    assert_eq!(game.status().unwrap(), PLAYING);
    assert!(seen(&mut game).paths.is_empty());
}

#[test]
fn the_size_choice_asks_for_a_new_game_of_that_size() {
    let (mut game, recorder) = start_recorded();
    for (n, (size, canvas)) in [
        (7, (326.0, 269.0)),
        (21, (942.0, 803.0)),
        (5, (238.0, 193.0)),
    ]
    .into_iter()
    .enumerate()
    {
        let before = game.canvas_size().unwrap();
        assert_eq!(
            game.invoke_action("size", &size.to_string()).unwrap(),
            Response::REDRAW
        );
        // The choice shows the size, and the launcher is asked for a new
        // game, which it deals as its New game does.
        assert_eq!(action_value(&mut game, "size"), size.to_string());
        assert_eq!(recorder.requests().len(), n + 1);
        assert_eq!(recorder.last().as_deref(), Some("new game"));
        assert_eq!(game.canvas_size().unwrap(), before);
        game.new_game(n as u64).unwrap();
        assert_eq!(game.canvas_size().unwrap(), Point::new(canvas.0, canvas.1));
        assert_eq!(action_value(&mut game, "size"), size.to_string());
        let seen_now = seen(&mut game);
        let centre = size / 2;
        assert_eq!(seen_now.cat, Pos::new(centre, centre));
        assert_eq!(seen_now.blocked.len(), 6);
        assert_eq!(game.status().unwrap(), PLAYING);
    }
    for bad in ["8", "23", "3", "big", ""] {
        let e = game.invoke_action("size", bad).unwrap_err();
        assert_eq!(e.kind, CallErrorKind::Error, "{bad}");
        assert!(
            e.message
                .contains("is not one of 5, 7, 9, 11, 13, 15, 17, 19, 21"),
            "{}",
            e.message
        );
    }
    // Refused sizes are not fatal and change nothing.
    assert_eq!(size_of(&mut game), 5);
    assert_eq!(action_value(&mut game, "size"), "5");
    assert_eq!(recorder.requests().len(), 3);
}

#[test]
fn the_launchers_new_game_deals_a_new_board_of_the_same_size() {
    let mut game = start_at("9:4,4:0");
    game.new_game(9).unwrap();
    assert_eq!(game.status().unwrap(), PLAYING);
    assert_eq!(size_of(&mut game), 9);
    assert_eq!(seen(&mut game).blocked.len(), 6);
    assert_eq!(seen(&mut game).cat, Pos::new(4, 4));
}

#[test]
fn the_game_id_replays_the_starting_board_and_bad_ids_are_refused_clearly() {
    let mut game = start();
    let first = game.game_id().unwrap();
    let first_seen = seen(&mut game);
    // Play a move: the ID still gives the board the game started from.
    let free = first_seen
        .free
        .iter()
        .copied()
        .find(|&q| q != first_seen.cat)
        .unwrap();
    click(&mut game, free);
    assert_ne!(seen(&mut game), first_seen);
    assert_eq!(game.game_id().unwrap(), first);
    // Typing it back replays that board.
    game.start_from_game_id(&first).unwrap();
    assert_eq!(game.game_id().unwrap(), first);
    let again = seen(&mut game);
    assert_eq!(
        (&again.blocked, again.cat),
        (&first_seen.blocked, first_seen.cat)
    );
    // Surrounding spaces are forgiven.
    game.start_from_game_id(&format!("  {first} \n")).unwrap();
    assert_eq!(game.game_id().unwrap(), first);

    let sizes = "the Size choice offers 5, 7, 9, 11, 13, 15, 17, 19 and 21.";
    for (bad, message) in [
        (
            "11:5,5".to_string(),
            "\"11:5,5\" is not a game ID. A game ID looks like 11:5,5:800002000G80020000000G: the board's size, the cat's column and row, then the blocked circles.".to_string(),
        ),
        (
            "".into(),
            "Type or paste a game ID, such as 11:5,5:800002000G80020000000G, then press Enter.".into(),
        ),
        (
            "12:5,5:0".into(),
            format!("That game ID is for a board of size 12; {sizes}"),
        ),
        (
            "23:11,11:0".into(),
            format!("That game ID is for a board of size 23; {sizes}"),
        ),
        (
            "99:49,49:0".into(),
            format!("That game ID is for a board of size 99; {sizes}"),
        ),
        (
            "11:0,5:0".into(),
            "That game ID puts the cat on the edge of the board, where it escapes at once. The cat must start inside.".into(),
        ),
        (
            "11:5,5:1!".into(),
            "A game ID has no '!' in it: only digits, letters and the \":\" and \",\" between its parts. Check that it was copied whole.".into(),
        ),
        (
            "11:5,5:0:maybe".into(),
            "\"11:5,5:0:maybe\" is not a game ID. A game ID looks like 11:5,5:800002000G80020000000G: the board's size, the cat's column and row, then the blocked circles.".into(),
        ),
        (
            "5:2,2:0:lost".into(),
            "That is the position at the end of a game (it ends in \":won\" or \":lost\"), not a board to play. A game ID gives the board a game starts from.".into(),
        ),
    ] {
        let e = game.start_from_game_id(&bad).unwrap_err();
        assert_eq!(e.kind, CallErrorKind::Error, "{bad}");
        assert_eq!(e.message, message, "{bad}");
        // Not fatal, and the board is unchanged.
        assert_eq!(game.game_id().unwrap(), first);
        assert_eq!(seen(&mut game).blocked, first_seen.blocked);
    }
    // The largest board the Size choice offers is accepted, and the Size
    // choice follows it.
    game.start_from_game_id("21:10,10:0").unwrap();
    assert_eq!(size_of(&mut game), 21);
    assert_eq!(action_value(&mut game, "size"), "21");

    // The game's own New game and Game ID controls are gone: the
    // launcher's are used.
    for id in ["fly", "new", "id"] {
        let e = game.invoke_action(id, "").unwrap_err();
        assert_eq!(e.kind, CallErrorKind::Error);
        assert_eq!(e.message, format!("Chat Noir has no action {id:?}"));
    }
    assert!(game.broken().is_none());
}

#[test]
fn a_lost_game_is_replayed_from_its_id() {
    // The cat one step from the edge: whatever the player clicks, it gets
    // out; the ID then still gives the board the game started from.
    let mut game = start_at("5:1,1:0");
    click(&mut game, Pos::new(3, 3));
    assert_eq!(game.status().unwrap(), ESCAPED);
    let id = game.game_id().unwrap();
    assert_eq!(id, "5:1,1:0");
    let parsed: GameId = id.parse().unwrap();
    assert_eq!(parsed.state(), State::Playing);
    // Typed back, it is that board again, to play.
    game.start_from_game_id(&id).unwrap();
    assert_eq!(game.status().unwrap(), PLAYING);
    let board = seen(&mut game);
    assert!(board.blocked.is_empty());
    assert_eq!((board.cat, board.mood), (Pos::new(1, 1), Mood::Thinking));
}

/// Help is the player's setting, not part of a board: it stays as the
/// player left it across new games, sizes, game IDs and loads (the
/// original turned it off; the status line always says which it is).
#[test]
fn help_stays_on_after_a_new_game() {
    let mut game = start_at("5:1,1:0");
    let saved = game.save().unwrap();
    key(&mut game, "h");
    assert_eq!(game.status().unwrap(), PLAYING_HELP);
    click(&mut game, Pos::new(3, 3));
    assert_eq!(
        game.status().unwrap(),
        "The cat escaped! Press N for a new game. Classic cat. Help on (H hides the cat's paths)"
    );
    game.new_game(1).unwrap();
    assert_eq!(game.status().unwrap(), PLAYING_HELP);
    game.invoke_action("size", "7").unwrap();
    game.new_game(2).unwrap();
    assert_eq!(game.status().unwrap(), PLAYING_HELP);
    game.start_from_game_id("5:2,2:0").unwrap();
    assert_eq!(game.status().unwrap(), PLAYING_HELP);
    // Undone to a position saved with help off, help stays on.
    game.load(&saved).unwrap();
    assert_eq!(game.status().unwrap(), PLAYING_HELP);
    assert!(!seen(&mut game).paths.is_empty());
}
