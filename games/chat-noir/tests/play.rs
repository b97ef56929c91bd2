//! Chat Noir in the launcher beyond the specification, played through the
//! real C ABI table as the launcher plays it: Hint, Solve, the winnable
//! badge, the Cat choice, the cat's walk on ticks, the keyboard's cursor,
//! and a labelled region per circle. Each test checks what the player
//! sees: the status line, the rings and the cat drawn, the controls.

use chat_noir::plugin::{CURSOR_COLOR, HINT_COLOR, LOST_WIN_COLOR};
use chat_noir::render::cell_center;
use chat_noir::{Board, GameId, Pos, World, adjacent, cats};
use game_api::host::{GameInstance, GameLibrary, Recorder};
use game_api::{
    ActionKind, Event, GameResult, Point, RecordingPainter, Response, Rgba, Shape, keys,
};
use game_test::play::WithDataDir;

fn start_in(data_dir: Option<&std::path::Path>) -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    let dir = data_dir.map(|d| d.to_str().unwrap().to_owned());
    let host = WithDataDir::maybe(dir).recording(recorder.clone());
    let game = GameLibrary::from_static(&chat_noir::GAME_TABLE)
        .unwrap()
        .start(Box::new(host))
        .unwrap();
    (game, recorder)
}

/// A game on the board of `id`, its requests recorded.
fn start_at(id: &str) -> (GameInstance, Recorder) {
    let (mut game, recorder) = start_in(None);
    game.start_from_game_id(id).unwrap();
    (game, recorder)
}

fn id_of(board: Board, cat: Pos) -> String {
    World::new(board, cat).unwrap().game_id().to_string()
}

/// The 5×5 board with the cat in the middle and five of its six
/// neighbours blocked: blocking the sixth wins.
fn almost_trapped() -> (String, Pos) {
    let around = adjacent(Pos::new(2, 2));
    let board = Board::empty(5).unwrap().with_blocked(around[1..].to_vec());
    (id_of(board, Pos::new(2, 2)), around[0])
}

fn shapes(game: &mut GameInstance) -> Vec<Shape> {
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    painter.shapes
}

/// The centres of the rings of `color` drawn (the hint's, the cursor's).
fn rings(game: &mut GameInstance, color: Rgba) -> Vec<Point> {
    shapes(game)
        .into_iter()
        .filter_map(|s| match s {
            Shape::Circle { center, style, .. }
                if style.fill.is_none() && style.stroke.is_some_and(|st| st.color == color) =>
            {
                Some(center)
            }
            _ => None,
        })
        .collect()
}

/// Where the cat's face is drawn.
fn face(game: &mut GameInstance) -> Point {
    shapes(game)
        .into_iter()
        .find_map(|s| match s {
            Shape::Ellipse {
                center,
                radius_x: 18.0,
                style,
                ..
            } if style.fill.is_some() => Some(center),
            _ => None,
        })
        .expect("the cat is drawn")
}

fn smiles(game: &mut GameInstance) -> bool {
    shapes(game).iter().any(|s| {
        matches!(s, Shape::Circle { radius: 4.0, style, .. }
            if style.stroke.is_some_and(|st| st.color == game_api::BLACK))
    })
}

fn click(game: &mut GameInstance, q: Pos) -> Response {
    let pos = cell_center(q);
    game.handle_event(&Event::PointerMove { pos }).unwrap();
    game.handle_event(&Event::press(pos)).unwrap();
    game.handle_event(&Event::release(pos)).unwrap()
}

fn tick(game: &mut GameInstance, dt: f32) -> Response {
    game.handle_event(&Event::Tick { dt }).unwrap()
}

fn key(game: &mut GameInstance, name: &str) -> Response {
    game.handle_event(&Event::key(name)).unwrap()
}

fn status(game: &mut GameInstance) -> String {
    game.status().unwrap()
}

fn action_label(game: &mut GameInstance, id: &str) -> (String, bool) {
    let a = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == id)
        .unwrap_or_else(|| panic!("no control {id}"));
    (a.label, a.enabled)
}

fn blocked(game: &mut GameInstance) -> usize {
    let id: GameId = position(game).parse().unwrap();
    id.board().blocked_count()
}

/// The ID of the position now, read from the save the launcher would keep.
fn position(game: &mut GameInstance) -> String {
    let save = String::from_utf8(game.save().unwrap()).unwrap();
    let line = save.lines().find(|l| l.starts_with("position ")).unwrap();
    line["position ".len()..].to_owned()
}

fn helped_in_save(game: &mut GameInstance) -> u32 {
    let save = String::from_utf8(game.save().unwrap()).unwrap();
    save.lines()
        .find_map(|l| l.strip_prefix("helped "))
        .expect("a helped line")
        .parse()
        .unwrap()
}

#[test]
fn a_hint_rings_the_winning_block_says_so_and_makes_the_win_assisted() {
    let (id, last_exit) = almost_trapped();
    let (mut game, _) = start_at(&id);
    let before = game.save().unwrap();
    assert!(rings(&mut game, HINT_COLOR).is_empty());
    game.invoke_action("hint", "").unwrap();
    assert!(
        status(&mut game).starts_with(&format!(
            "Hint: block cell {}, {}, a forced win. Classic cat.",
            last_exit.x, last_exit.y
        )),
        "{}",
        status(&mut game)
    );
    assert!(status(&mut game).ends_with("Helped once"));
    assert_eq!(rings(&mut game, HINT_COLOR), [cell_center(last_exit)]);
    assert_eq!(helped_in_save(&mut game), 1);
    // The player follows it: won, with help.
    click(&mut game, last_exit);
    assert!(
        rings(&mut game, HINT_COLOR).is_empty(),
        "the ring goes with the move"
    );
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.result, outcome.assisted), (GameResult::Won, true));
    // Undone to before the hint, the game still remembers the help: the
    // player has seen it.
    game.load(&before).unwrap();
    click(&mut game, last_exit);
    assert!(game.outcome().unwrap().assisted);
    // A new game starts with no help used.
    game.new_game(1).unwrap();
    assert_eq!(helped_in_save(&mut game), 0);
    assert!(!status(&mut game).contains("Helped"));
}

#[test]
fn a_game_won_alone_is_not_assisted() {
    let (id, last_exit) = almost_trapped();
    let (mut game, _) = start_at(&id);
    click(&mut game, last_exit);
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.result, outcome.assisted), (GameResult::Won, false));
}

#[test]
fn a_hint_in_a_lost_position_says_the_cat_can_escape() {
    // The cat next to two free edge circles: it escapes whatever is played.
    let (mut game, _) = start_at("5:1,1:0");
    game.invoke_action("hint", "").unwrap();
    let line = status(&mut game);
    assert!(
        line.starts_with("Hint: the cat can escape whatever you do; blocking cell "),
        "{line}"
    );
    assert_eq!(rings(&mut game, HINT_COLOR).len(), 1);
}

#[test]
fn hint_and_solve_are_off_once_the_game_is_over() {
    let (id, last_exit) = almost_trapped();
    let (mut game, _) = start_at(&id);
    click(&mut game, last_exit);
    assert_eq!(action_label(&mut game, "hint"), ("Hint".into(), false));
    assert_eq!(action_label(&mut game, "solve"), ("Solve".into(), false));
}

#[test]
fn solve_plays_the_winning_line_one_move_at_a_time_on_ticks() {
    // Seed 84: winnable, decided in 34,341 nodes, within the game's
    // quick budget (so the first move comes at once).
    let start = World::new_game(11, 84).unwrap().game_id().to_string();
    let (mut game, recorder) = start_at(&start);
    let six = blocked(&mut game);
    game.invoke_action("solve", "").unwrap();
    assert_eq!(blocked(&mut game), six + 1, "the first move at once");
    assert!(status(&mut game).starts_with("Solving: "));
    assert_eq!(action_label(&mut game, "solve").0, "Stop solving");
    assert_eq!(recorder.requests(), ["tick 0.016"]);
    // Each later move waits for the cat's walk and a pause: one move per
    // position the launcher would record.
    let mut positions = vec![position(&mut game)];
    for _ in 0..2000 {
        if game.outcome().unwrap().is_over() {
            break;
        }
        tick(&mut game, 0.05);
        let now = position(&mut game);
        if positions.last() != Some(&now) {
            assert_eq!(
                blocked(&mut game),
                six + positions.len() + 1,
                "one block a move"
            );
            positions.push(now);
        }
    }
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.result, outcome.assisted), (GameResult::Won, true));
    assert_eq!(helped_in_save(&mut game) as usize, positions.len());
    // The cat stops walking, and the ticks stop.
    for _ in 0..10 {
        tick(&mut game, 0.05);
    }
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    assert!(status(&mut game).starts_with("You trapped the cat!"));
}

#[test]
fn solve_stops_when_pressed_again_or_at_a_click() {
    let start = World::new_game(11, 1).unwrap().game_id().to_string();
    let (mut game, recorder) = start_at(&start);
    game.invoke_action("solve", "").unwrap();
    game.invoke_action("solve", "").unwrap();
    assert_eq!(action_label(&mut game, "solve").0, "Solve");
    let after_one = blocked(&mut game);
    for _ in 0..40 {
        tick(&mut game, 0.05);
    }
    assert_eq!(blocked(&mut game), after_one, "no more moves");
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    game.invoke_action("solve", "").unwrap();
    game.handle_event(&Event::release(Point::new(-50.0, -50.0)))
        .unwrap();
    assert_eq!(action_label(&mut game, "solve").0, "Solve");
}

#[test]
fn solve_says_why_it_cannot_play_a_lost_position() {
    let (mut game, _) = start_at("5:1,1:0");
    game.invoke_action("solve", "").unwrap();
    assert!(
        status(&mut game)
            .starts_with("Solve found no win: the cat can escape whatever you do. Classic cat.")
    );
    assert_eq!(helped_in_save(&mut game), 0, "nothing was played");
}

#[test]
fn the_badge_tells_winnable_from_lost_and_is_kept_with_the_cat() {
    let dir = tempfile::tempdir().unwrap();
    let (id, last_exit) = almost_trapped();
    let (mut game, _) = start_in(Some(dir.path()));
    game.start_from_game_id(&id).unwrap();
    assert!(!status(&mut game).contains("Winnable?"), "off at first");
    assert_eq!(action_label(&mut game, "badge").0, "Show winnable");
    game.invoke_action("badge", "").unwrap();
    assert!(
        status(&mut game).ends_with("Winnable? Winnable"),
        "{}",
        status(&mut game)
    );
    assert_eq!(action_label(&mut game, "badge").0, "Hide winnable");
    game.start_from_game_id("5:1,1:0").unwrap();
    assert!(status(&mut game).ends_with("Winnable? The cat can escape"));
    game.start_from_game_id(&id).unwrap();
    click(&mut game, last_exit);
    assert!(
        !status(&mut game).contains("Winnable?"),
        "not once the game is over"
    );
    // The next session shows it too.
    let (mut again, _) = start_in(Some(dir.path()));
    again.start_from_game_id(&id).unwrap();
    assert!(status(&mut again).ends_with("Winnable? Winnable"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("settings.txt")).unwrap(),
        "difficulty classic\nwinnable-badge on\ntraining off\n"
    );
}

#[test]
fn the_cat_choice_starts_a_new_game_with_that_cat_and_the_next_games_keep_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mut game, recorder) = start_in(Some(dir.path()));
    let cat_choice = |game: &mut GameInstance| {
        game.actions()
            .unwrap()
            .into_iter()
            .find(|a| a.id == "cat")
            .unwrap()
            .kind
    };
    game.invoke_action("cat", "Clever").unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    game.new_game(3).unwrap();
    assert!(status(&mut game).contains(". Clever cat. "));
    // The new game is said, until the first move.
    assert!(
        status(&mut game).starts_with("A new game: the Clever cat plays from now on. "),
        "{}",
        status(&mut game)
    );
    assert!(
        matches!(cat_choice(&mut game), ActionKind::Choice { selected, .. } if selected == "Clever")
    );
    game.new_game(4).unwrap();
    assert!(
        status(&mut game).contains(". Clever cat. "),
        "a new game keeps the cat"
    );
    assert!(
        status(&mut game).starts_with("Click a circle to block it. "),
        "the same cat again is nothing to say: {}",
        status(&mut game)
    );
    // The clever cat answers as `clever_move` decides.
    let world = World::new_game(11, 4).unwrap();
    let free = world
        .board()
        .cells()
        .find(|&(p, b)| !b && p != world.cat() && !adjacent(world.cat()).contains(&p))
        .unwrap()
        .0;
    let mut expected = world.clone();
    expected.block_cell(free).unwrap();
    let step = cats::clever_move(
        expected.board(),
        expected.cat(),
        &mut chat_noir::Search::new(),
    );
    click(&mut game, free);
    let now: GameId = position(&mut game).parse().unwrap();
    assert_eq!(Some(now.cat()), step);
    // Choosing the cat that plays asks for nothing; a wrong name is refused.
    let requests = recorder.requests().len();
    game.invoke_action("cat", "Clever").unwrap();
    assert_eq!(recorder.requests().len(), requests);
    let e = game.invoke_action("cat", "Tiger").unwrap_err();
    assert!(
        e.message
            .contains("\"Tiger\" is not one of Classic, Clever and Expert")
    );
    // Kept for the next session.
    let (mut again, _) = start_in(Some(dir.path()));
    assert!(status(&mut again).contains(". Clever cat. "));
}

#[test]
fn the_cat_walks_its_step_over_150_ms_and_ticks_only_while_it_walks() {
    // The cat next to the edge: its step escapes.
    let (mut game, recorder) = start_at("5:1,1:0");
    let from = cell_center(Pos::new(1, 1));
    click(&mut game, Pos::new(3, 3));
    assert!(game.outcome().unwrap().is_over(), "the world moved at once");
    assert_eq!(face(&mut game), from, "the drawing has not moved yet");
    assert!(!smiles(&mut game), "and the cat is not happy yet");
    assert_eq!(recorder.requests(), ["tick 0.016"]);
    assert_eq!(tick(&mut game, 0.075), Response::REDRAW);
    let halfway = face(&mut game);
    let to: GameId = position(&mut game).parse().unwrap();
    let end = cell_center(to.cat());
    let middle = Point::new((from.x + end.x) / 2.0, (from.y + end.y) / 2.0);
    assert!(
        (halfway.x - middle.x).abs() < 0.5 && (halfway.y - middle.y).abs() < 0.5,
        "{halfway:?} is not halfway between {from:?} and {end:?}"
    );
    tick(&mut game, 0.075);
    assert_eq!(face(&mut game), end);
    assert!(smiles(&mut game), "the escaped cat smiles once it stands");
    assert_eq!(recorder.requests(), ["tick 0.016", "tick stop"]);
    assert_eq!(tick(&mut game, 0.016), Response::NONE, "nothing moves");
}

#[test]
fn the_keyboard_moves_a_cursor_and_enter_blocks_the_circle_under_it() {
    let (id, last_exit) = almost_trapped();
    let (mut game, _) = start_at(&id);
    // The first arrow starts from the cat.
    assert_eq!(key(&mut game, keys::ARROW_RIGHT), Response::REDRAW);
    assert_eq!(
        rings(&mut game, CURSOR_COLOR),
        [cell_center(Pos::new(3, 2))]
    );
    assert!(
        status(&mut game).starts_with("Cursor on cell 3, 2 (blocked): Enter blocks it"),
        "{}",
        status(&mut game)
    );
    key(&mut game, keys::ARROW_LEFT);
    assert!(status(&mut game).starts_with("Cursor on cell 2, 2 (the cat)"));
    // Walk to the last exit and block it.
    key(&mut game, keys::ARROW_UP);
    let mut guard = 0;
    while !status(&mut game)
        .starts_with(&format!("Cursor on cell {}, {} ", last_exit.x, last_exit.y))
    {
        let to = if status(&mut game).contains(&format!("cell {}, ", last_exit.x + 1)) {
            keys::ARROW_LEFT
        } else {
            keys::ARROW_RIGHT
        };
        key(&mut game, to);
        guard += 1;
        assert!(guard < 10, "{}", status(&mut game));
    }
    assert!(status(&mut game).contains("(free)"));
    key(&mut game, keys::ENTER);
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    // The mouse takes over.
    game.handle_event(&Event::PointerMove {
        pos: cell_center(Pos::new(0, 2)),
    })
    .unwrap();
    assert!(rings(&mut game, CURSOR_COLOR).is_empty());
}

#[test]
fn space_blocks_too_and_the_cursor_is_the_pointer_for_help() {
    let start = World::new_game(11, 1).unwrap();
    let (mut game, _) = start_at(&start.game_id().to_string());
    key(&mut game, "h");
    key(&mut game, keys::ARROW_DOWN);
    key(&mut game, keys::ARROW_DOWN);
    // The cursor's circle has the pointer's black dot.
    let dot = shapes(&mut game).into_iter().any(|s| {
        matches!(s, Shape::Circle { center, radius: 10.0, style }
            if center == cell_center(Pos::new(5, 7)) && style.fill == Some(game_api::BLACK))
    });
    assert!(dot, "the cursor's circle shows the pointer's dot");
    let six = blocked(&mut game);
    key(&mut game, keys::SPACE);
    assert_eq!(blocked(&mut game), six + 1);
    let now: GameId = position(&mut game).parse().unwrap();
    assert!(now.board().is_blocked(Pos::new(5, 7)));
}

#[test]
fn every_circle_is_a_labelled_region_that_a_click_blocks() {
    let (id, last_exit) = almost_trapped();
    let (mut game, _) = start_at(&id);
    let regions = game.regions().unwrap();
    assert_eq!(regions.len(), 5 * 5 - 2);
    let label = |p: Pos| {
        regions
            .iter()
            .find(|r| r.center() == cell_center(p))
            .map(|r| r.label.clone())
    };
    assert_eq!(label(Pos::new(2, 2)).as_deref(), Some("cell 2, 2: the cat"));
    assert_eq!(label(Pos::new(3, 2)).as_deref(), Some("cell 3, 2: blocked"));
    assert_eq!(
        label(last_exit),
        Some(format!("cell {}, {}: free", last_exit.x, last_exit.y))
    );
    let region = regions
        .iter()
        .find(|r| r.label.ends_with("free") && r.center() == cell_center(last_exit))
        .unwrap();
    assert_eq!(
        (region.size.x, region.size.y),
        (40.0, 40.0),
        "the circle's box"
    );
    // What a screen reader's click does: a click at the centre.
    let pos = region.center();
    game.handle_event(&Event::press(pos)).unwrap();
    game.handle_event(&Event::release(pos)).unwrap();
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    let after = game.regions().unwrap();
    assert!(
        after
            .iter()
            .any(|r| r.label == format!("cell {}, {}: blocked", last_exit.x, last_exit.y))
    );
}

/// A hint asked before the game's own thread has solved the position:
/// the rule of thumb, said to be one while the solver thinks; the proven
/// winning block replaces it when the answer arrives (on a tick, with the
/// ticks asked for while the player waits), counted as one hint.
#[test]
fn a_hint_waits_for_the_background_proof() {
    use chat_noir::solver::{Budget, Solver, Verdict};
    // Seed 88: winnable, decided in 103,529 nodes, more than a quick
    // answer may spend.
    let world = World::new_game(11, 88).unwrap();
    let (mut game, recorder) = start_at(&world.game_id().to_string());
    game.invoke_action("hint", "").unwrap();
    let line = status(&mut game);
    assert!(
        line.starts_with("Hint: still thinking; for now, cell "),
        "{line}"
    );
    assert_eq!(recorder.last().as_deref(), Some("tick 0.016"));
    // The thread's answer comes when it comes: the game looks on ticks.
    while status(&mut game).starts_with("Hint: still thinking") {
        tick(&mut game, 0.016);
        std::thread::yield_now();
    }
    let mut solver = Solver::new();
    let budget = Budget {
        table_entries: 1 << 20,
        ..Budget::nodes(1_000_000)
    };
    let Verdict::Winnable { best_move } = solver.solve(world.board(), world.cat(), &budget) else {
        panic!("seed 88 is winnable");
    };
    let line = status(&mut game);
    assert!(
        line.starts_with(&format!(
            "Hint: block cell {}, {}, a forced win. Classic cat",
            best_move.x, best_move.y
        )),
        "{line}"
    );
    assert!(line.ends_with("Helped once"), "{line}");
    assert_eq!(rings(&mut game, HINT_COLOR).len(), 1);
    // Nothing more to wait for: the ticks stop.
    tick(&mut game, 0.016);
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
}

/// Ticks until the badge has the solver's answer for the position now.
fn until_decided(game: &mut GameInstance) -> String {
    while status(game).contains("Winnable? Still thinking") {
        tick(game, 0.016);
        std::thread::yield_now();
    }
    status(game)
}

/// When the badge has proved the position winnable and the player's block
/// loses the win (whatever the cat then does), the status line says which
/// block lost it and which kept it, so the badge never seems to have lied;
/// a block that keeps the win is not marked (issue 30). Seed 47's 5×5
/// board: blocking cell 0, 2 loses it, cell 2, 1 keeps it (each proved
/// against every step the cat may take).
#[test]
fn a_block_that_loses_a_proven_win_is_marked_and_one_that_keeps_it_is_not() {
    const BOARD: &str = "5:2,2:JR80G";
    let (mut game, _) = start_at(BOARD);
    game.invoke_action("badge", "").unwrap();
    let line = until_decided(&mut game);
    assert!(line.ends_with("Winnable? Winnable"), "{line}");
    click(&mut game, Pos::new(0, 2));
    let line = until_decided(&mut game);
    let mark = "Winnable? The cat can escape. Your block of cell 0, 2 lost the win; cell ";
    assert!(line.contains(mark) && line.ends_with(" kept it"), "{line}");
    let kept = &line[line.find(mark).unwrap() + mark.len()..line.len() - " kept it".len()];
    assert_ne!(kept, "0, 2", "{line}");
    // The mark lasts until the next move: any free circle.
    let now: GameId = position(&mut game).parse().unwrap();
    let free = now
        .board()
        .cells()
        .find(|&(p, blocked)| !blocked && p != now.cat())
        .map(|(p, _)| p)
        .unwrap();
    click(&mut game, free);
    assert!(
        !status(&mut game).contains("lost the win"),
        "{}",
        status(&mut game)
    );

    // The same board, the winning block: nothing to mark.
    game.start_from_game_id(BOARD).unwrap();
    assert!(until_decided(&mut game).ends_with("Winnable? Winnable"));
    click(&mut game, Pos::new(2, 1));
    let line = until_decided(&mut game);
    assert!(!line.contains("lost the win"), "{line}");
    assert!(
        line.ends_with("Winnable? Winnable") || line.starts_with("You trapped the cat"),
        "{line}"
    );
}

/// Training shows the badge (its own switch greyed), and after a block
/// that loses the proved win it rings that block in red and says why (the
/// cat gets out whatever is blocked, and how near it is), as long as the
/// game stays lost; stopping it hides all that (issue 30). Seed 47's 5×5
/// board, as above: cell 0, 2 loses the win, cell 2, 1 keeps it.
#[test]
fn training_shows_the_badge_rings_the_block_that_lost_the_win_and_says_why() {
    const BOARD: &str = "5:2,2:JR80G";
    let (mut game, _) = start_at(BOARD);
    assert_eq!(
        action_label(&mut game, "training"),
        ("Training".into(), true)
    );
    game.invoke_action("training", "").unwrap();
    assert_eq!(
        action_label(&mut game, "training"),
        ("Stop training".into(), true)
    );
    assert_eq!(
        action_label(&mut game, "badge"),
        ("Hide winnable".into(), false),
        "training shows the badge"
    );
    let line = until_decided(&mut game);
    assert!(line.starts_with("Training: after each block"), "{line}");
    assert!(line.ends_with("Winnable? Winnable"), "{line}");

    click(&mut game, Pos::new(0, 2));
    let line = until_decided(&mut game);
    let mark = "Winnable? The cat can escape. Your block of cell 0, 2 lost the win; cell ";
    assert!(line.contains(mark), "{line}");
    let why = ": whatever you block now, the cat gets out (it is ";
    assert!(
        line.contains(why) && line.ends_with(" from escaping)"),
        "{line}"
    );
    assert_eq!(
        rings(&mut game, LOST_WIN_COLOR),
        [cell_center(Pos::new(0, 2))],
        "the block that lost the win is ringed"
    );

    // In training the mark stays while the game stays lost.
    let now: GameId = position(&mut game).parse().unwrap();
    if now.state() == chat_noir::State::Playing {
        let free = now
            .board()
            .cells()
            .find(|&(p, blocked)| !blocked && p != now.cat())
            .map(|(p, _)| p)
            .unwrap();
        click(&mut game, free);
        let line = until_decided(&mut game);
        assert!(line.contains("cell 0, 2 lost the win"), "{line}");
        assert_eq!(rings(&mut game, LOST_WIN_COLOR).len(), 1);
    }

    // Stopping training takes the badge, the mark and the ring away.
    game.invoke_action("training", "").unwrap();
    let line = status(&mut game);
    assert!(
        !line.contains("Winnable?") && !line.contains("lost the win"),
        "{line}"
    );
    assert!(rings(&mut game, LOST_WIN_COLOR).is_empty());
    assert_eq!(
        action_label(&mut game, "badge"),
        ("Show winnable".into(), true)
    );
}

/// In training, a block that keeps the proved win says so; and a win in
/// training without Hint or Solve is a win of the player's own (training
/// judges the blocks played, it never chooses one).
#[test]
fn training_says_a_block_kept_the_win_and_a_win_in_training_is_not_assisted() {
    const BOARD: &str = "5:2,2:JR80G";
    let (mut game, _) = start_at(BOARD);
    game.invoke_action("training", "").unwrap();
    until_decided(&mut game);
    click(&mut game, Pos::new(2, 1));
    let line = until_decided(&mut game);
    assert!(
        line.contains("Your block of cell 2, 1 kept the win")
            || line.starts_with("You trapped the cat"),
        "{line}"
    );
    assert!(!line.contains("lost the win"), "{line}");
    assert!(rings(&mut game, LOST_WIN_COLOR).is_empty());

    let (board, last) = almost_trapped();
    game.start_from_game_id(&board).unwrap();
    click(&mut game, last);
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.result, outcome.assisted), (GameResult::Won, false));
}

/// A `settings.txt` an earlier version wrote is read as before, and a line
/// this version does not know (a later version's option) is kept in its
/// place when the player changes a setting.
#[test]
fn an_earlier_settings_file_loads_and_keeps_its_unknown_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.txt");
    std::fs::write(
        &path,
        "difficulty clever\nfrom-a-later-version 3\nwinnable-badge on\n",
    )
    .unwrap();
    let (mut game, _) = start_in(Some(dir.path()));
    assert!(
        status(&mut game).contains(". Clever cat. "),
        "{}",
        status(&mut game)
    );
    assert_eq!(action_label(&mut game, "badge").0, "Hide winnable");
    game.invoke_action("training", "").unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "difficulty clever\nfrom-a-later-version 3\nwinnable-badge on\ntraining on\n"
    );
}

/// Training is a setting kept with the others: a game started later with
/// the same data directory is in training.
#[test]
fn training_is_kept_between_sessions() {
    let dir = tempfile::tempdir().unwrap();
    let (mut game, _) = start_in(Some(dir.path()));
    game.invoke_action("training", "").unwrap();
    let text = std::fs::read_to_string(dir.path().join("settings.txt")).unwrap();
    assert!(text.contains("training on"), "{text}");
    let (mut again, _) = start_in(Some(dir.path()));
    assert_eq!(
        action_label(&mut again, "training"),
        ("Stop training".into(), true)
    );
    assert!(status(&mut again).contains("Winnable? "));
}
