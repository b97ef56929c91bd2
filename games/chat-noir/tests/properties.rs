//! Property tests on random boards and random event sequences.

use std::collections::{HashMap, HashSet, VecDeque};

use chat_noir::{
    Board, Distance, GameId, Graph, MouseEvent, Node, Pos, Search, State, World, cell_at_point,
    cell_center_x, cell_center_y, circle_at_point, in_bounds, world_height, world_width,
};
use proptest::prelude::*;

// ---------- A plain reference BFS, written from the spec's definitions ----------

fn ref_adjacent(p: Pos) -> Vec<Pos> {
    let (x, y) = (p.x, p.y);
    let offsets: [(i32, i32); 6] = if y % 2 == 0 {
        [(-1, -1), (0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1)]
    } else {
        [(0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1)]
    };
    offsets
        .iter()
        .map(|&(dx, dy)| Pos::new(x + dx, y + dy))
        .collect()
}

fn ref_on_board(p: Pos, n: i32) -> bool {
    p.x >= 0 && p.y >= 0 && p.x < n && p.y < n && !(p.x == 0 && (p.y == 0 || p.y == n - 1))
}

fn ref_on_edge(p: Pos, n: i32) -> bool {
    p.x == 0 || p.y == 0 || p.x == n - 1 || p.y == n - 1
}

/// Distances from `from` in the graph of `board` with `extra` also blocked.
fn ref_bfs(board: &Board, extra: Option<Pos>, from: Node) -> HashMap<Node, u32> {
    let n = board.size() as i32;
    let blocked = |p: Pos| board.is_blocked(p) || (extra == Some(p) && ref_on_board(p, n));
    let mut all = Vec::new();
    for x in 0..n {
        for y in 0..n {
            if ref_on_board(Pos::new(x, y), n) {
                all.push(Pos::new(x, y));
            }
        }
    }
    let neighbours = |node: Node| -> Vec<Node> {
        match node {
            Node::Boundary => all
                .iter()
                .filter(|&&p| ref_on_edge(p, n) && !blocked(p))
                .map(|&p| Node::Cell(p))
                .collect(),
            Node::Cell(p) if blocked(p) => vec![],
            Node::Cell(p) => {
                let adj = ref_adjacent(p);
                let mut out: Vec<Node> = adj
                    .iter()
                    .filter(|&&q| ref_on_board(q, n) && !blocked(q))
                    .map(|&q| Node::Cell(q))
                    .collect();
                if adj.iter().any(|&q| !ref_on_board(q, n)) {
                    out.push(Node::Boundary);
                }
                out
            }
        }
    };
    let mut dist = HashMap::new();
    let mut queue = VecDeque::from([(from, 0u32)]);
    while let Some((node, d)) = queue.pop_front() {
        if dist.contains_key(&node) {
            continue;
        }
        dist.insert(node, d);
        for m in neighbours(node) {
            queue.push_back((m, d + 1));
        }
    }
    dist
}

fn ref_get(map: &HashMap<Node, u32>, p: Pos) -> Distance {
    map.get(&Node::Cell(p)).copied().into()
}

// ---------- Strategies ----------

/// A random position: odd size 3..=15, blocked cells with density up to
/// one half, the cat on a free cell, a random pointer cell, random help.
fn arb_world() -> impl Strategy<Value = World> {
    (
        prop::sample::select(vec![3u32, 5, 7, 9, 11, 13, 15]),
        0.0f64..0.5,
        any::<u64>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(size, density, seed, cat_i, mouse_i, mouse_on, help)| {
            let empty = Board::empty(size).unwrap();
            let cells: Vec<Pos> = empty.cells().map(|(p, _)| p).collect();
            let cat = *cat_i.get(&cells);
            let mut rng = chat_noir::Rng::new(seed);
            let blocked = cells
                .iter()
                .copied()
                .filter(|&p| p != cat && (rng.next_u64() as f64 / u64::MAX as f64) < density);
            let board = empty.clone().with_blocked(blocked);
            World::new(board, cat)
                .unwrap()
                .with_mouse(mouse_on.then(|| *mouse_i.get(&cells)))
                .with_help(help)
                .with_seed(seed)
        })
}

#[derive(Clone, Debug)]
enum Event {
    /// A pointer event at the centre of a cell (given by index into the cells).
    AtCell(MouseEvent, prop::sample::Index),
    /// A pointer event at an arbitrary point.
    AtPoint(MouseEvent, f64, f64),
    Key(char),
    Play(prop::sample::Index),
}

fn arb_mouse_event() -> impl Strategy<Value = MouseEvent> {
    prop::sample::select(vec![
        MouseEvent::ButtonDown,
        MouseEvent::ButtonUp,
        MouseEvent::ButtonUp,
        MouseEvent::ButtonUp,
        MouseEvent::Drag,
        MouseEvent::Move,
        MouseEvent::Enter,
        MouseEvent::Leave,
    ])
}

fn arb_event() -> impl Strategy<Value = Event> {
    prop_oneof![
        4 => (arb_mouse_event(), any::<prop::sample::Index>()).prop_map(|(e, i)| Event::AtCell(e, i)),
        1 => (arb_mouse_event(), -50.0f64..800.0, -50.0f64..700.0)
            .prop_map(|(e, x, y)| Event::AtPoint(e, x, y)),
        1 => prop::sample::select(vec!['h', 'n', 'x']).prop_map(Event::Key),
        2 => any::<prop::sample::Index>().prop_map(Event::Play),
    ]
}

fn apply(world: &mut World, event: &Event) {
    let cells: Vec<Pos> = world.cells().map(|(p, _)| p).collect();
    match event {
        Event::AtCell(e, i) => {
            let p = *i.get(&cells);
            world.mouse_event(cell_center_x(p), cell_center_y(p), *e);
        }
        Event::AtPoint(e, x, y) => world.mouse_event(*x, *y, *e),
        Event::Key(c) => world.key_press(*c),
        Event::Play(i) => {
            let _ = world.play(*i.get(&cells));
        }
    }
}

/// 300 cases per property, or `PROPTEST_CASES` when set (for longer runs).
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    /// Both kinds of distance maps agree with the reference BFS, in the
    /// world's graph (pointer blocked) and the board's graph.
    #[test]
    fn distance_maps_agree_with_reference_bfs(world in arb_world(), from_i in any::<prop::sample::Index>()) {
        let cells: Vec<Pos> = world.cells().map(|(p, _)| p).collect();
        let mut search = Search::new();
        for from in [Node::Boundary, Node::Cell(*from_i.get(&cells)), Node::Cell(world.cat())] {
            for (graph, extra) in [(world.graph(), world.mouse()), (Graph::of(world.board()), None)] {
                let reference = ref_bfs(world.board(), extra, from);
                let ours: HashMap<Node, u32> = search.run(&graph, from).entries().collect();
                prop_assert_eq!(&ours, &reference, "from {:?}", from);
                let map = search.map();
                for &p in &cells {
                    prop_assert_eq!(map.get(p), ref_get(&reference, p));
                }
                prop_assert_eq!(map.get(Node::Boundary), reference.get(&Node::Boundary).copied().into());
            }
        }
    }

    /// The help's path: with help on and the boundary reachable, exactly the
    /// cells with dist(cat, p) + dist(p, boundary) = dist(cat, boundary).
    #[test]
    fn cats_path_matches_its_definition(world in arb_world()) {
        let path = world.cats_path();
        let edge = ref_bfs(world.board(), world.mouse(), Node::Boundary);
        let from_cat = ref_bfs(world.board(), world.mouse(), Node::Cell(world.cat()));
        let cat_d = ref_get(&edge, world.cat());
        for (p, _) in world.cells() {
            let expected = world.help()
                && cat_d.is_finite()
                && ref_get(&from_cat, p) + ref_get(&edge, p) == cat_d;
            prop_assert_eq!(path.contains(p), expected, "at {}", p);
        }
    }

    /// Random event sequences keep every invariant of the game.
    #[test]
    fn random_games_keep_the_rules(world in arb_world(), events in prop::collection::vec(arb_event(), 0..40)) {
        let mut world = world;
        for event in &events {
            let before = world.clone();
            apply(&mut world, event);

            // The cat never stands on a blocked cell; the pointer's cell is
            // never the cat's.
            prop_assert!(world.board().contains(world.cat()));
            prop_assert!(!world.is_blocked(world.cat()));
            prop_assert!(world.mouse() != Some(world.cat()));
            prop_assert_eq!(world.board().blocked_count(), world.cells().filter(|c| c.1).count());

            let new_game = matches!(event, Event::Key('n')) && before.state().is_over();
            if new_game {
                prop_assert_eq!(world.state(), State::Playing);
                prop_assert_eq!(world.board().blocked_count(), 6);
                continue;
            }
            // Once over, the game stays over and the position is frozen.
            if before.state().is_over() {
                prop_assert_eq!(world.state(), before.state());
                prop_assert_eq!(world.board(), before.board());
                prop_assert_eq!(world.cat(), before.cat());
                continue;
            }

            let b0 = before.board().blocked_count();
            let b1 = world.board().blocked_count();
            if b1 == b0 {
                // Not a move: the position is unchanged.
                prop_assert_eq!(world.board(), before.board());
                prop_assert_eq!(world.cat(), before.cat());
                prop_assert_eq!(world.state(), before.state());
                continue;
            }
            // A move blocks exactly one more cell ...
            prop_assert_eq!(b1, b0 + 1);
            let newly: Vec<Pos> = world
                .cells()
                .filter(|&(p, b)| b && !before.is_blocked(p))
                .map(|(p, _)| p)
                .collect();
            prop_assert_eq!(newly.len(), 1);
            prop_assert!(newly[0] != before.cat());
            // ... and the cat steps to a neighbour with least distance to the
            // boundary on that board (or is boxed in and loses).
            let edge = ref_bfs(world.board(), None, Node::Boundary);
            let around = chat_noir::adjacent(before.cat());
            let best = around.iter().map(|&p| ref_get(&edge, p)).min().unwrap();
            if best == Distance::Infinite {
                prop_assert_eq!(world.state(), State::CatLost);
                prop_assert_eq!(world.cat(), before.cat());
            } else {
                prop_assert!(around.contains(&world.cat()));
                prop_assert_eq!(ref_get(&edge, world.cat()), best);
                let won = world.board().on_boundary(world.cat());
                prop_assert_eq!(world.state(), if won { State::CatWon } else { State::Playing });
            }
        }
    }

    /// The same world and events always give the same game, whether the
    /// world reuses its search memory or starts afresh.
    #[test]
    fn games_are_reproducible(world in arb_world(), events in prop::collection::vec(arb_event(), 0..30)) {
        let (mut a, mut b) = (world.clone(), world);
        for e in &events {
            apply(&mut a, e);
            // A clone's search memory starts empty.
            b = b.clone();
            apply(&mut b, e);
        }
        prop_assert_eq!(a, b);
    }

    /// Game IDs round-trip through text, for every state.
    #[test]
    fn game_id_round_trips(world in arb_world(), state in prop::sample::select(vec![State::Playing, State::CatWon, State::CatLost])) {
        let world = world.with_state(state);
        let id = world.game_id();
        let text = id.to_string();
        let parsed: GameId = text.parse().unwrap();
        prop_assert_eq!(&parsed, &id);
        let back = parsed.to_world();
        prop_assert_eq!(back.board(), world.board());
        prop_assert_eq!(back.cat(), world.cat());
        prop_assert_eq!(back.state(), world.state());
        // Lower case reads the same.
        prop_assert_eq!(text.to_lowercase().parse::<GameId>().unwrap(), id);
    }

    /// Parsing arbitrary text never panics, and whatever parses prints back
    /// to text that parses to the same position.
    #[test]
    fn game_id_parse_never_panics(text in "[0-9]{1,3}:[0-9,-]{0,6}:[0-9A-Za-z]{0,30}(:[a-z]{0,7})?|.{0,40}") {
        if let Ok(id) = text.parse::<GameId>() {
            prop_assert_eq!(id.to_string().parse::<GameId>().unwrap(), id);
        }
    }

    /// The constant-time hit test agrees with the spec's linear one.
    #[test]
    fn cell_at_point_agrees_with_circle_at_point(size in prop::sample::select(vec![3u32, 5, 11, 21]), fx in -0.1f64..1.1, fy in -0.1f64..1.1) {
        let x = fx * f64::from(world_width(size));
        let y = fy * f64::from(world_height(size));
        let cells = Board::empty(size).unwrap().cells().map(|(p, _)| p).collect::<Vec<_>>();
        let found = cell_at_point(size, x, y);
        prop_assert_eq!(found, circle_at_point(cells, x, y));
        if let Some(p) = found {
            prop_assert!(in_bounds(p, size));
        }
    }
}

/// The reference BFS itself, checked against the spec's table of line 1885.
#[test]
fn reference_bfs_matches_the_spec_table() {
    let w = World::empty(5).unwrap();
    let t = ref_bfs(w.board(), None, Node::Boundary);
    assert_eq!(t.len(), 24);
    assert_eq!(t[&Node::Cell(Pos::new(2, 2))], 3);
    let distinct: HashSet<u32> = t.values().copied().collect();
    assert_eq!(distinct, HashSet::from([0, 1, 2, 3]));
}
