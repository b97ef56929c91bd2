//! Chat Noir in the real launcher, driven by egui_kittest: the console
//! lists it, a click opens it, clicks on circles block them and move the
//! cat, whole games are won and lost, `n` restarts, the tool-bar actions
//! work (a bad game ID is shown, not fatal), a resized window keeps the
//! board centred with clicks on the right circle; and snapshots of the
//! board in each state (opening, help showing, cat won, cat lost).
//!
//! Positions come from game IDs typed into the game-ID field, so the
//! games, and the snapshots, are the same on every run. Click points are
//! the circles' centres of `chat_noir::render` mapped to the screen with
//! `GameWindow::canvas_transform()`.
//!
//! Longer than most files: every test drives the same harness and board
//! helpers, which would otherwise move to a shared module for one user.

use chat_noir::render::cell_center;
use chat_noir::{Board, GameId, Pos, Search, State, World, adjacent, best_moves};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::game_window::GameWindow;
use launcher_tests::GamesDir;
use launcher_tests::Settle;
use std::collections::BTreeSet;
use support::{click_at, enter_id};

mod support;

const DIR: &str = "chat-noir";

/// The game window's size for the default 11×11 board: the canvas
/// (502 × 422) plus the launcher's chrome, as wide as the toolbar's widest
/// row (three rows: the launcher's New game, Restart, Undo, Redo; its Game
/// ID field, whose ID shows whole (issue 14); the game's Hint, Solve, Cat,
/// Size and Show winnable).
const WINDOW_11: [f32; 2] = [518.0, 559.0];

/// The margin egui_kittest puts around the UI it tests (all round).
const KITTEST_MARGIN: f32 = 8.0;

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_bundled(DIR, "chat_noir");
    games
}

fn app(games: &GamesDir) -> LauncherApp {
    LauncherApp::new(launcher_tests::console_config([games.path()]))
}

/// The console, as the launcher starts.
fn console(games: &GamesDir) -> Harness<'static, LauncherApp> {
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app(games));
    harness.settle();
    harness
}

/// The console, with Chat Noir opened by a click on its button.
fn opened_from_console(games: &GamesDir) -> Harness<'static, LauncherApp> {
    let mut harness = console(games);
    harness
        .get_by_role_and_label(Role::Button, "Chat Noir")
        .click();
    harness.settle();
    harness
}

/// `plt-games --play chat-noir`: the game alone in a window of `size` (the
/// harness is larger by its margins).
fn player(games: &GamesDir, size: [f32; 2]) -> Harness<'static, LauncherApp> {
    let margins = 2.0 * KITTEST_MARGIN;
    let size = egui::Vec2::new(size[0] + margins, size[1] + margins);
    // Fitting the window to a new board takes a few frames.
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(40)
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            app(games).play_only(DIR),
        );
    harness.settle();
    assert!(open(&mut harness).title() == "Chat Noir");
    // `--play` sizes its window for the game, then fits it to what the
    // game shows, margins included; the harness follows.
    assert_eq!(
        harness.ctx.content_rect().size(),
        egui::Vec2::from(WINDOW_11) + egui::Vec2::splat(margins),
        "the window takes the game's size"
    );
    assert_eq!(open(&mut harness).canvas_transform().unwrap().scale, 1.0);
    harness.set_size(size);
    harness.settle();
    harness
}

fn open<'h>(harness: &'h mut Harness<'_, LauncherApp>) -> &'h mut GameWindow {
    harness
        .state_mut()
        .open_game_mut(DIR)
        .expect("Chat Noir is open")
}

/// The game ID in the game's text field (the game's value): the board the
/// game started from.
fn game_id(harness: &mut Harness<'_, LauncherApp>) -> GameId {
    id_field(harness).parse().expect("a valid game ID")
}

/// The text of the Game ID field, as the game gives it.
fn id_field(harness: &mut Harness<'_, LauncherApp>) -> String {
    open(harness)
        .actions()
        .iter()
        .find(|a| a.id == launcher::game_window::GAME_ID)
        .and_then(|a| match &a.kind {
            game_api::ActionKind::Text { value } => Some(value.clone()),
            _ => None,
        })
        .expect("a game-ID field")
}

/// Lets the frames of the cat's walk run (real time: the launcher ticks
/// by the clock) until the game asks for no more ticks.
fn settle(harness: &mut Harness<'_, LauncherApp>) {
    launcher_tests::run_until(harness, "the cat standing still", |h| {
        h.state().is_settled() && !h.state().open_games().iter().any(|w| w.is_ticking())
    });
}

/// The position the player sees once the cat stands: the blocked (black)
/// circles and the cat's face read from the window's drawing, the state
/// from the status line.
fn position(harness: &mut Harness<'_, LauncherApp>) -> GameId {
    settle(harness);
    let game = open(harness);
    let canvas = game
        .canvas_transform()
        .expect("the canvas was shown")
        .canvas;
    let size = (5..=21)
        .step_by(2)
        .find(|&s| {
            let c = chat_noir::render::canvas_size(s);
            egui::Vec2::new(c.x, c.y) == canvas
        })
        .expect("a board's canvas");
    let status = game.status().to_owned();
    let mut board = Board::empty(size).unwrap();
    let mut cat = None;
    let cell = |at: game_api::Point| {
        chat_noir::cell_at_point(size, f64::from(at.x), f64::from(at.y)).expect("on a circle")
    };
    for shape in &game.drawing().shapes {
        match shape {
            game_api::Shape::Circle {
                center,
                radius,
                style,
            } if *radius == 20.0 && style.fill == Some(chat_noir::render::BLOCKED_COLOR) => {
                board.block(cell(*center));
            }
            game_api::Shape::Ellipse {
                center,
                radius_x: 18.0,
                radius_y: 11.0,
                ..
            } => cat = Some(cell(*center)),
            _ => {}
        }
    }
    let state = if status.starts_with("The cat escaped") {
        State::CatWon
    } else if status.starts_with("You trapped the cat") {
        State::CatLost
    } else {
        State::Playing
    };
    GameId::new(board, cat.expect("a cat"), state).expect("a position")
}

fn status(harness: &mut Harness<'_, LauncherApp>) -> String {
    open(harness).status().to_owned()
}

/// Starts from `world`'s position by typing its ID.
fn load(harness: &mut Harness<'_, LauncherApp>, world: &World) {
    let id = world.game_id();
    enter_id(harness, &id.to_string());
    assert_eq!(position(harness), id, "the typed position is on the board");
    assert_eq!(game_id(harness), id, "and the ID field gives it");
}

fn screen_pos(harness: &mut Harness<'_, LauncherApp>, q: Pos) -> egui::Pos2 {
    let transform = open(harness)
        .canvas_transform()
        .expect("the canvas was shown");
    transform.to_screen(cell_center(q))
}

/// Moves the pointer over the circle of `q`.
fn hover(harness: &mut Harness<'_, LauncherApp>, q: Pos) {
    let pos = screen_pos(harness, q);
    harness.hover_at(pos);
    harness.settle();
}

/// Clicks the circle of `q` with the mouse.
fn click(harness: &mut Harness<'_, LauncherApp>, q: Pos) {
    let pos = screen_pos(harness, q);
    click_at(harness, pos);
}

fn press(harness: &mut Harness<'_, LauncherApp>, key: egui::Key) {
    harness.key_press(key);
    harness.settle();
}

fn blocked(id: &GameId) -> BTreeSet<Pos> {
    id.board().cells().filter(|c| c.1).map(|c| c.0).collect()
}

/// The cells at exactly `d` steps from `from` on an open board.
fn ring(from: Pos, d: usize) -> BTreeSet<Pos> {
    let mut seen = BTreeSet::from([from]);
    let mut level = BTreeSet::from([from]);
    for _ in 0..d {
        level = level
            .iter()
            .flat_map(|&q| adjacent(q))
            .filter(|q| !seen.contains(q))
            .collect();
        seen.extend(level.iter().copied());
    }
    level
}

/// 11×11, the cat in the middle inside a ring of blocked circles two steps
/// out, with two gaps on opposite sides: two clicks trap it.
fn fenced() -> (World, Pos, Pos) {
    let (west, east) = (Pos::new(3, 5), Pos::new(7, 5));
    let fence = ring(Pos::new(5, 5), 2);
    assert!(fence.contains(&west) && fence.contains(&east));
    let board = Board::empty(11)
        .unwrap()
        .with_blocked(fence.into_iter().filter(|&q| q != west && q != east));
    (World::new(board, Pos::new(5, 5)).unwrap(), west, east)
}

/// 11×11, the cat boxed in but for one circle.
fn almost_trapped() -> (World, Pos) {
    let around = adjacent(Pos::new(5, 5));
    let board = Board::empty(11).unwrap().with_blocked(around[1..].to_vec());
    (World::new(board, Pos::new(5, 5)).unwrap(), around[0])
}

/// 11×11, the cat on (1, 5), one step from the edge through a single
/// circle, (0, 5): whatever the player clicks (but that), it escapes there.
fn about_to_escape() -> (World, Pos) {
    let world = World::new(Board::empty(11).unwrap(), Pos::new(1, 5)).unwrap();
    let click = Pos::new(8, 2);
    let mut after = world.clone();
    after.block_cell(click).unwrap();
    let moves = best_moves(after.board(), after.cat(), &mut Search::new());
    assert_eq!(moves.as_slice(), [Pos::new(0, 5)], "one way out");
    (world, click)
}

const PLAYING: &str = "Click a circle to block it. Classic cat. Help off (H shows the cat's paths)";

#[test]
fn the_console_lists_chat_noir_in_puzzle_games_and_a_click_opens_it() {
    let games = games();
    let mut harness = console(&games);
    let entry = harness.state().catalog().find(DIR).unwrap().clone();
    assert_eq!(entry.name, "Chat Noir");
    assert_eq!(entry.game_set, "Puzzle Games");
    assert!(entry.is_playable(), "{:?}", entry.first_error());
    let icon = entry.icon.as_ref().expect("an icon");
    assert!(icon.ends_with("chat-noir.png") && icon.is_file());
    launcher::icons::load_icon(icon).expect("the icon loads");
    harness.get_by_label("Puzzle Games");
    assert!(harness.state().open_games().is_empty());

    harness
        .get_by_role_and_label(Role::Button, "Chat Noir")
        .click();
    harness.settle();
    assert_eq!(harness.state().open_games().len(), 1);
    let game = open(&mut harness);
    assert_eq!(game.title(), "Chat Noir");
    let builder = game.viewport_builder();
    // The window opens at the board's size plus the usual chrome (502 +
    // 16, 422 + 91); it is then fitted to its toolbar (`WINDOW_11`).
    assert_eq!(builder.inner_size, Some(egui::Vec2::new(518.0, 513.0)));
    // With the game's icon, and the launcher's one app id, as the console.
    assert_eq!(builder.app_id.as_deref(), Some(launcher::APP_ID));
    assert_eq!(
        builder.icon,
        Some(launcher::icons::window_icon(Some(icon))),
        "the game's icon"
    );
    assert_ne!(builder.icon, Some(launcher::icons::window_icon(None)));
    harness.get_by_label(PLAYING);
    harness.get_by_label("New game");
    harness.get_by_label("Game ID");
    let id = position(&mut harness);
    assert_eq!((id.board().size(), blocked(&id).len()), (11, 6));
}

#[test]
fn clicks_on_circles_block_them_and_move_the_cat() {
    let games = games();
    let mut harness = opened_from_console(&games);
    load(&mut harness, &World::empty(11).unwrap());
    let mut cat = Pos::new(5, 5);
    for (n, q) in [Pos::new(1, 1), Pos::new(9, 9), Pos::new(2, 9)]
        .into_iter()
        .enumerate()
    {
        click(&mut harness, q);
        let id = position(&mut harness);
        assert!(id.board().is_blocked(q), "{q} is blocked");
        assert_eq!(blocked(&id).len(), n + 1);
        assert!(adjacent(cat).contains(&id.cat()), "the cat took one step");
        cat = id.cat();
    }
    assert_eq!(status(&mut harness), PLAYING);
    // A click on a blocked circle is not a move.
    click(&mut harness, Pos::new(1, 1));
    assert_eq!(position(&mut harness).cat(), cat);
}

#[test]
fn a_whole_game_is_won_by_trapping_the_cat_and_n_starts_another() {
    let games = games();
    let mut harness = opened_from_console(&games);
    let (world, west, east) = fenced();
    load(&mut harness, &world);
    click(&mut harness, west);
    let id = position(&mut harness);
    assert_eq!(id.state(), State::Playing);
    assert!(
        adjacent(id.cat()).contains(&east),
        "the cat heads for the other gap"
    );
    click(&mut harness, east);
    let id = position(&mut harness);
    assert_eq!(id.state(), State::CatLost);
    let won = "You trapped the cat! Press N for a new game. Classic cat. Help off (H shows the cat's paths)";
    assert_eq!(status(&mut harness), won);
    harness.get_by_label(won);

    press(&mut harness, egui::Key::N);
    let id = position(&mut harness);
    assert_eq!(id.state(), State::Playing);
    assert_eq!((id.board().size(), blocked(&id).len()), (11, 6));
    assert_eq!(id.cat(), Pos::new(5, 5));
    harness.get_by_label(PLAYING);
}

#[test]
fn a_whole_game_is_lost_when_the_cat_reaches_the_edge() {
    let games = games();
    let mut harness = opened_from_console(&games);
    load(&mut harness, &World::empty(11).unwrap());
    // Click circles far from the cat until it is out: it needs five steps.
    let mut clicks = 0;
    while position(&mut harness).state() == State::Playing {
        let id = position(&mut harness);
        let cat = id.cat();
        let far = id
            .board()
            .cells()
            .filter(|&(q, b)| !b && q != cat)
            .map(|c| c.0)
            .max_by_key(|q| (q.x - cat.x).pow(2) + (q.y - cat.y).pow(2))
            .unwrap();
        click(&mut harness, far);
        clicks += 1;
        assert!(clicks <= 5, "the cat escapes in five steps");
    }
    assert_eq!(clicks, 5);
    assert_eq!(position(&mut harness).state(), State::CatWon);
    harness.get_by_label(
        "The cat escaped! Press N for a new game. Classic cat. Help off (H shows the cat's paths)",
    );
    // Clicks do nothing now; N starts over.
    let before = position(&mut harness);
    click(&mut harness, Pos::new(5, 5));
    assert_eq!(position(&mut harness), before);
    press(&mut harness, egui::Key::N);
    assert_eq!(position(&mut harness).state(), State::Playing);
}

#[test]
fn a_bad_game_id_is_shown_in_the_window_and_the_game_goes_on() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    let before = position(&mut harness);
    enter_id(&mut harness, "11:5,5");
    harness.get_by_label(
        "\"11:5,5\" is not a game ID. A game ID looks like 11:5,5:800002000G80020000000G: the board's size, the cat's column and row, then the blocked circles.",
    );
    assert_eq!(harness.state().open_games().len(), 1, "still open");
    assert!(harness.state().notices().is_empty());
    assert_eq!(position(&mut harness), before);
    // A good one clears the message.
    enter_id(&mut harness, "7:3,3:0");
    assert!(open(&mut harness).action_error().is_none());
    assert_eq!(position(&mut harness).board().size(), 7);
}

#[test]
fn the_size_choice_and_new_game_button_start_new_boards() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    harness
        .get_by_role_and_label(Role::ComboBox, "Size")
        .click();
    harness.settle();
    harness.get_by_label("7").click();
    harness.settle();
    let id = position(&mut harness);
    assert_eq!((id.board().size(), blocked(&id).len()), (7, 6));
    let transform = open(&mut harness).canvas_transform().unwrap();
    assert_eq!(transform.canvas, egui::Vec2::new(326.0, 269.0));
    // The window follows the smaller board, which shows at its natural
    // size, and clicks land on their circles.
    assert_eq!(transform.scale, 1.0, "{transform:?}");
    click(&mut harness, Pos::new(1, 1));
    assert!(position(&mut harness).board().is_blocked(Pos::new(1, 1)));

    harness.get_by_label("New game").click();
    harness.settle();
    let id = position(&mut harness);
    assert_eq!((id.board().size(), blocked(&id).len()), (7, 6));
}

#[test]
fn h_toggles_help_from_the_keyboard() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    load(&mut harness, &World::empty(11).unwrap());
    hover(&mut harness, Pos::new(3, 3));
    press(&mut harness, egui::Key::H);
    harness
        .get_by_label("Click a circle to block it. Classic cat. Help on (H hides the cat's paths)");
    let white_dots = |harness: &mut Harness<'_, LauncherApp>| {
        open(harness)
            .drawing()
            .shapes
            .iter()
            .filter(|s| {
                matches!(s, game_api::Shape::Circle { radius, style, .. }
                    if *radius == 10.0 && style.fill == Some(game_api::WHITE))
            })
            .count()
    };
    assert!(white_dots(&mut harness) > 1);
    press(&mut harness, egui::Key::H);
    harness.get_by_label(PLAYING);
    assert_eq!(white_dots(&mut harness), 0);
}

#[test]
fn a_resized_window_keeps_the_board_centred_and_clicks_on_the_right_circle() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    load(&mut harness, &World::empty(11).unwrap());
    let natural = open(&mut harness).canvas_transform().unwrap();
    assert_eq!(
        natural.scale, 1.0,
        "the window opens at the board's size: {natural:?}"
    );

    for (size, targets) in [
        ([1100.0, 700.0], [Pos::new(0, 4), Pos::new(10, 3)]),
        ([420.0, 900.0], [Pos::new(1, 10), Pos::new(9, 0)]),
    ] {
        harness.set_size(egui::Vec2::from(size));
        harness.settle();
        let t = open(&mut harness).canvas_transform().unwrap();
        let rect = t.screen_rect();
        // Centred across the window, and scaled to fit it.
        assert!(
            (rect.center().x - size[0] / 2.0).abs() < 1.0,
            "{rect:?} in {size:?}"
        );
        assert!(rect.width() <= size[0] && rect.height() <= size[1]);
        assert!((t.scale - natural.scale).abs() > 0.05, "the scale follows");
        for q in targets {
            click(&mut harness, q);
            assert!(
                position(&mut harness).board().is_blocked(q),
                "a click on {q} at {size:?} blocks {q}"
            );
        }
    }
}

/// Issue 39 (after issue 30's wrapping, which moved the board under the
/// pointer): a status line longer than the window is wide is shown on one
/// line inside the window, shortened with "…", so that the canvas above it
/// never moves; screen readers read it whole, and its tooltip shows it
/// whole when the pointer rests on it.
#[test]
fn a_long_status_line_is_one_line_shortened_and_whole_in_its_tooltip() {
    let games = games();
    let mut harness = player(&games, [300.0, 520.0]);
    let status = status(&mut harness);
    let window = harness.ctx.content_rect();
    let font = egui::FontId::proportional(14.0);
    let one_line = harness.ctx.fonts_mut(|f| {
        f.layout_no_wrap(status.clone(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    assert!(
        one_line > window.width(),
        "the opening status is longer than the window is wide: {status:?}"
    );
    let drawn = |harness: &Harness<'_, LauncherApp>| {
        let mut shown = Vec::new();
        for clipped in &harness.output().shapes {
            if let egui::Shape::Text(text) = &clipped.shape
                && text.galley.text() == status
            {
                shown.push((text.pos, text.galley.clone()));
            }
        }
        shown
    };
    let shown = drawn(&harness);
    let [(pos, galley)] = shown.as_slice() else {
        panic!("the status {status:?} is drawn once: {} times", shown.len());
    };
    assert!(galley.elided, "it is shortened");
    assert_eq!(galley.rows.len(), 1, "on one line");
    let rect = galley.rect.translate(pos.to_vec2());
    assert!(window.contains_rect(rect), "{rect:?} inside {window:?}");
    // Whole to a screen reader, and in the tooltip.
    let label = harness.get_by_label(&status);
    label.hover();
    launcher_tests::run_until(&mut harness, "the status's tooltip showing it whole", |h| {
        drawn(h).iter().any(|(_, galley)| !galley.elided)
    });
}

/// Snapshots of the board in each state, in the `--play` window. The
/// pointer is away from the window unless said otherwise.
#[test]
fn snapshots_of_the_board_in_each_state() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);

    // Opening: a new game's six blocked circles, the thinking cat.
    load(&mut harness, &World::new_game(11, 2024).unwrap());
    harness.remove_cursor();
    harness.settle();
    harness.snapshot("chat_noir_opening");

    // Help showing, with the pointer on a circle of the cat's path: its
    // black dot, and the white dots of the paths around it.
    press(&mut harness, egui::Key::H);
    let id = position(&mut harness);
    let on_path = Pos::new(id.cat().x, id.cat().y - 2);
    hover(&mut harness, on_path);
    harness.snapshot("chat_noir_help");
    press(&mut harness, egui::Key::H);

    // Cat won: it escapes through its only way out.
    let (world, at) = about_to_escape();
    load(&mut harness, &world);
    click(&mut harness, at);
    assert_eq!(position(&mut harness).state(), State::CatWon);
    harness.remove_cursor();
    harness.settle();
    harness.snapshot("chat_noir_cat_won");

    // Cat lost: boxed in by the last click.
    let (world, last) = almost_trapped();
    load(&mut harness, &world);
    click(&mut harness, last);
    assert_eq!(position(&mut harness).state(), State::CatLost);
    harness.remove_cursor();
    harness.settle();
    harness.snapshot("chat_noir_cat_lost");
}

/// Issue 17 (4): after a loss the ID field, and its Copy button, give the
/// board the game started from; typed back, it is that board again.
#[test]
fn a_lost_board_is_replayed_from_its_id_and_copy_gives_it() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    let (world, at) = about_to_escape();
    load(&mut harness, &world);
    let start = world.game_id();
    click(&mut harness, at);
    assert_eq!(position(&mut harness).state(), State::CatWon);
    assert_eq!(
        game_id(&mut harness),
        start,
        "the starting board, not the end"
    );
    assert!(!id_field(&mut harness).contains(":won"));

    // Copy puts the same text on the clipboard.
    harness.get_by_label("Copy Game ID").click();
    harness.step();
    let copied: Vec<_> = harness
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(copied, [start.to_string()]);
    harness.settle();

    // "Replay this board": the same board, to play again.
    enter_id(&mut harness, &start.to_string());
    assert_eq!(position(&mut harness), start);
    harness.get_by_label(PLAYING);
    click(&mut harness, at);
    assert_eq!(
        position(&mut harness).state(),
        State::CatWon,
        "the same board"
    );
}

/// Issue 17 (5): IDs of boards the Size choice does not offer, or with the
/// cat already on the edge, are refused in a player's words; the game goes
/// on unchanged.
#[test]
fn refused_game_ids_are_worded_for_players() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    let before = position(&mut harness);
    for (id, message) in [
        (
            "23:11,11:0",
            "That game ID is for a board of size 23; the Size choice offers 5, 7, 9, 11, 13, 15, 17, 19 and 21.",
        ),
        (
            "99:49,49:0",
            "That game ID is for a board of size 99; the Size choice offers 5, 7, 9, 11, 13, 15, 17, 19 and 21.",
        ),
        (
            "11:0,5:0",
            "That game ID puts the cat on the edge of the board, where it escapes at once. The cat must start inside.",
        ),
        (
            "11:5,5:0:lost",
            "That is the position at the end of a game (it ends in \":won\" or \":lost\"), not a board to play. A game ID gives the board a game starts from.",
        ),
    ] {
        enter_id(&mut harness, id);
        harness.get_by_label(message);
        assert!(!message.contains("part") && !message.contains("expected"));
        assert_eq!(position(&mut harness), before, "{id} changed nothing");
    }
}

/// Issue 17 (3): the game's keys reach it whatever control of the window
/// has the keyboard focus (Tab puts it there), but not while the player
/// types in the game-ID field.
#[test]
fn game_keys_reach_the_game_whatever_control_has_focus() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    load(&mut harness, &World::empty(11).unwrap());
    let help_on = "Click a circle to block it. Classic cat. Help on (H hides the cat's paths)";
    let controls: [(Role, &str); 6] = [
        (Role::Button, "Game"),
        (Role::Button, "Help"),
        (Role::Button, "New game"),
        (Role::ComboBox, "Size"),
        (Role::Button, "Copy Game ID"),
        (Role::Button, "Go"),
    ];
    let mut on = false;
    for (role, label) in controls {
        harness.get_by_role_and_label(role, label).focus();
        harness.settle();
        press(&mut harness, egui::Key::H);
        on = !on;
        assert_eq!(
            status(&mut harness),
            if on { help_on } else { PLAYING },
            "H with {label} focused"
        );
        // Space and Enter do not click the focused control either.
        let board = position(&mut harness);
        press(&mut harness, egui::Key::Space);
        press(&mut harness, egui::Key::Enter);
        assert_eq!(position(&mut harness), board, "{label} was not clicked");
        assert!(
            !egui::Popup::is_any_open(&harness.ctx),
            "{label} opened nothing"
        );
    }
    // Typing in the ID field is typing, not playing.
    harness
        .get_by_role_and_label(Role::TextInput, "Game ID")
        .focus();
    harness.settle();
    press(&mut harness, egui::Key::H);
    assert_eq!(status(&mut harness), PLAYING, "H went to the field");
}

/// Issue 17 (6): the label comes before its choice, the ID has Copy, the
/// toolbar keeps its rows at the smallest board, and the window follows a
/// new size at once, with no pointer move. The launcher's commands make
/// the first row, the Game ID field the second, the game's own controls
/// the third.
#[test]
fn the_toolbar_reads_in_order_and_fits_one_row_at_the_smallest_board() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    let rect = |h: &Harness<'_, LauncherApp>, role: Role, label: &str| {
        h.get_by_role_and_label(role, label).rect()
    };
    let commands = [
        (Role::Button, "New game"),
        (Role::Button, "Restart"),
        (Role::Button, "Undo"),
        (Role::Button, "Redo"),
    ];
    let field = [
        (Role::Label, "Game ID"),
        (Role::TextInput, "Game ID"),
        (Role::Button, "Copy Game ID"),
        (Role::Button, "Go"),
    ];
    let own = [
        (Role::Button, "Hint"),
        (Role::Button, "Solve"),
        (Role::Label, "Cat"),
        (Role::ComboBox, "Cat"),
        (Role::Label, "Size"),
        (Role::ComboBox, "Size"),
        (Role::Button, "Show winnable"),
        (Role::Button, "Training"),
    ];
    let row = |h: &Harness<'_, LauncherApp>, controls: &[(Role, &str)]| {
        let rects: Vec<egui::Rect> = controls.iter().map(|&(r, l)| rect(h, r, l)).collect();
        for pair in rects.windows(2) {
            assert!(pair[0].right() <= pair[1].left(), "{rects:?}");
            assert!(
                (pair[0].center().y - pair[1].center().y).abs() < 2.0,
                "one row: {rects:?}"
            );
        }
        rects
    };
    let in_one_row = |h: &Harness<'_, LauncherApp>| {
        let first = row(h, &commands);
        let second = row(h, &field);
        let third = row(h, &own);
        assert!(first[0].bottom() <= second[0].top(), "the commands first");
        assert!(second[0].bottom() <= third[0].top(), "the game's own last");
        third
    };
    in_one_row(&harness);

    let before = harness.ctx.content_rect().size();
    harness
        .get_by_role_and_label(Role::ComboBox, "Size")
        .click();
    harness.settle();
    harness.get_by_label("5").click();
    // No pointer move: only frames the window asks for itself.
    harness.settle();
    assert_eq!(position(&mut harness).board().size(), 5);
    let after = harness.ctx.content_rect().size();
    assert!(after.y < before.y - 100.0, "{before:?} -> {after:?}");
    let rects = in_one_row(&harness);
    assert!(
        rects.last().unwrap().right() <= after.x,
        "the whole row is in the window: {rects:?} in {after:?}"
    );
    let t = open(&mut harness).canvas_transform().unwrap();
    assert_eq!(t.scale, 1.0, "the board at its natural size: {t:?}");
}

/// The console with the player's files in `home` (statistics are kept),
/// and Chat Noir opened from it.
fn played_from_console(games: &GamesDir, home: &std::path::Path) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(launcher::player::PlayerFiles::in_dir(home));
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 760.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
        .get_by_role_and_label(Role::Button, "Chat Noir")
        .click();
    harness.settle();
    harness
}

/// Closes the game's window (Game ▸ Close window) and hovers Chat Noir's
/// button in the console, which shows its tooltip.
fn close_and_hover_its_button(harness: &mut Harness<'_, LauncherApp>) {
    harness.get_by_label("Game").click();
    harness.settle();
    harness.get_by_label("Close window").click();
    harness.settle();
    harness
        .query_all_by_role_and_label(Role::Button, "Chat Noir")
        .next()
        .unwrap()
        .hover();
    harness.settle();
}

/// Issue 11: a won and a lost game of Chat Noir are counted in the
/// player's statistics (plays.toml), with the streaks, and the console's
/// tooltip for the game says so; Undo and winning again counts nothing.
#[test]
fn a_won_and_a_lost_game_are_counted_in_the_statistics() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let mut harness = played_from_console(&games, home.path());

    let (world, last) = almost_trapped();
    load(&mut harness, &world);
    click(&mut harness, last);
    assert_eq!(position(&mut harness).state(), State::CatLost);
    let plays = harness.state().plays().games[DIR].clone();
    assert_eq!((plays.won, plays.lost, plays.current_streak), (1, 0, 1));
    // Undo, then the same winning click: the same game, not counted again.
    harness.get_by_role_and_label(Role::Button, "Undo").click();
    harness.settle();
    click(&mut harness, last);
    assert_eq!(harness.state().plays().games[DIR].won, 1);

    let (world, click_at_far) = about_to_escape();
    load(&mut harness, &world);
    click(&mut harness, click_at_far);
    assert_eq!(position(&mut harness).state(), State::CatWon);
    let plays = harness.state().plays().games[DIR].clone();
    assert_eq!((plays.won, plays.lost), (1, 1));
    assert_eq!((plays.current_streak, plays.best_streak), (0, 1));
    let written = std::fs::read_to_string(home.path().join("plays.toml")).unwrap();
    assert!(
        written.contains("won = 1") && written.contains("lost = 1"),
        "{written}"
    );

    // The console's tooltip for Chat Noir says it.
    close_and_hover_its_button(&mut harness);
    harness.get_by_label_contains("won 1, lost 1; streak 0 (best 1)");
}

/// Issue 12: each circle is an accessibility node a screen reader reads
/// ("cell 5, 5: the cat") and activates; activating a free one blocks it.
#[test]
fn circles_are_found_by_their_labels_and_a_screen_reader_blocks_one() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    let (world, last) = almost_trapped();
    load(&mut harness, &world);
    harness.get_by_role_and_label(Role::Button, "cell 5, 5: the cat");
    let blocked_one = adjacent(Pos::new(5, 5))[1];
    harness.get_by_role_and_label(
        Role::Button,
        &format!("cell {}, {}: blocked", blocked_one.x, blocked_one.y),
    );
    let free = format!("cell {}, {}: free", last.x, last.y);
    let on_screen = screen_pos(&mut harness, last);
    let node = harness.get_by_role_and_label(Role::Button, &free);
    assert!(
        (node.rect().center() - on_screen).length() < 1.0,
        "the node is on its circle"
    );
    node.click_accesskit();
    harness.settle();
    assert_eq!(position(&mut harness).state(), State::CatLost);
    harness.get_by_role_and_label(
        Role::Button,
        &format!("cell {}, {}: blocked", last.x, last.y),
    );
}

/// Issue 12: the arrow keys move a cursor the status line names, and Enter
/// blocks the circle under it, through the real window's keys.
#[test]
fn the_keyboard_plays_a_whole_move() {
    let games = games();
    let mut harness = player(&games, WINDOW_11);
    let (world, _) = almost_trapped();
    load(&mut harness, &world);
    // Move the pointer off the board so that only the keyboard plays.
    harness.hover_at(egui::Pos2::new(1.0, 1.0));
    harness.settle();
    press(&mut harness, egui::Key::ArrowUp);
    press(&mut harness, egui::Key::ArrowUp);
    assert!(
        status(&mut harness).starts_with("Cursor on cell 5, 3 (free): Enter blocks it"),
        "{}",
        status(&mut harness)
    );
    press(&mut harness, egui::Key::Enter);
    let id = position(&mut harness);
    assert!(id.board().is_blocked(Pos::new(5, 3)), "Enter blocked it");
    assert!(status(&mut harness).starts_with("Cursor on cell 5, 3 (blocked)"));
}

/// Issue 12: `?` (and the Hint button) shows a winning block; the game won
/// with it is counted as won with help, which sets no streak; Solve plays
/// the rest of a game on the undo chain, and Undo takes its moves back.
#[test]
fn hints_and_solve_are_help_counted_apart_and_solve_is_undone_move_by_move() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let mut harness = played_from_console(&games, home.path());

    let (world, last) = almost_trapped();
    load(&mut harness, &world);
    press(&mut harness, egui::Key::Questionmark);
    assert!(
        status(&mut harness).starts_with(&format!(
            "Hint: block cell {}, {}, a forced win",
            last.x, last.y
        )),
        "{}",
        status(&mut harness)
    );
    click(&mut harness, last);
    assert_eq!(position(&mut harness).state(), State::CatLost);
    let plays = harness.state().plays().games[DIR].clone();
    assert_eq!((plays.won, plays.won_with_help), (1, 1));
    assert_eq!(plays.best_streak, 0, "a win with help is no streak");

    // Solve from a fresh board of the published result (winnable).
    let start = World::new_game(11, 1).unwrap();
    load(&mut harness, &start);
    // Solve thinks within node budgets, never a time (the same moves on
    // any machine), so one press wins. A press while the window waits for
    // an earlier answer of the game waits its turn (a loaded machine makes
    // any answer late now and then; such a press used to be dropped).
    harness.get_by_role_and_label(Role::Button, "Solve").click();
    harness.settle();
    // Solve ticks until its last move's walk ends (each move thinks, then
    // the cat walks and Solve pauses).
    launcher_tests::run_until_within(
        &mut harness,
        "Solve finishing",
        std::time::Duration::from_secs(180),
        |h| h.state().is_settled() && !h.state().open_games().iter().any(|w| w.is_ticking()),
    );
    let solved = position(&mut harness);
    assert_eq!(
        solved.state(),
        State::CatLost,
        "Solve wins: {}",
        status(&mut harness)
    );
    let moves = blocked(&solved).len() - blocked(&start.game_id()).len();
    assert!(moves >= 1);
    assert_eq!(harness.state().plays().games[DIR].won_with_help, 2);
    // Undo takes Solve's moves back one at a time, to the start.
    for _ in 0..moves {
        harness.get_by_role_and_label(Role::Button, "Undo").click();
        harness.settle();
    }
    assert_eq!(position(&mut harness), start.game_id());

    // The console's tooltip says it.
    close_and_hover_its_button(&mut harness);
    harness.get_by_label_contains("won 2 (2 with help), lost 0");
}

/// Hovering over the board redraws it (the circle under the pointer) but
/// changes no position: no move is recorded and the resume file is not
/// written again, however many circles the pointer crosses (issue 32).
#[test]
fn hovering_redraws_the_board_but_writes_no_save() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(launcher::player::PlayerFiles::in_dir(home.path()));
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
        .get_by_role_and_label(Role::Button, "Chat Noir")
        .click();
    harness.settle();
    load(&mut harness, &World::empty(11).unwrap());
    click(&mut harness, Pos::new(1, 1));
    let save = home.path().join("saves").join("chat-noir.save");
    let written = |save: &std::path::Path| {
        let meta = std::fs::metadata(save).expect("saved after the move");
        (meta.modified().unwrap(), std::fs::read(save).unwrap())
    };
    let after_move = written(&save);
    let history = |h: &mut Harness<'_, LauncherApp>| {
        let undo = open(h).midend().history().map(|h| h.depth());
        (undo, position(h))
    };
    let before = history(&mut harness);
    let mut frames = Vec::new();
    for q in [
        Pos::new(3, 3),
        Pos::new(4, 3),
        Pos::new(7, 8),
        Pos::new(2, 6),
    ] {
        hover(&mut harness, q);
        frames.push(format!("{:?}", open(&mut harness).drawing().shapes));
    }
    assert!(
        frames.windows(2).all(|w| w[0] != w[1]),
        "each hover redrew the board"
    );
    assert_eq!(history(&mut harness), before, "no move was recorded");
    assert_eq!(written(&save), after_move, "the save was not written again");
    click(&mut harness, Pos::new(2, 6));
    assert_ne!(written(&save).1, after_move.1, "a move is saved");
}
