//! The console: the games of the catalog as buttons grouped by game set,
//! as the PLT Games console showed them, with "Find a game", the notices
//! and the problems found. It draws and reports what the player asked for
//! ([`ConsoleAsks`]); the application ([`crate::app`]) acts on it.

mod fit;
mod keys;
mod own_games;
mod problems;
mod statistics;

pub use own_games::RECENT_EMPTY;
pub use statistics::played_line;

use crate::icons::IconCache;
use egui::{RichText, Vec2, ViewportCommand};
use fit::ConsoleFit;
use keys::KeyNavigation;
use launcher_core::catalog::{Catalog, GameEntry, GameSet, SearchPath};
use launcher_core::messages::{HelpRequest, Notice};
use launcher_core::player::{PlayHistory, ThemeChoice};
use own_games::own_games_ui;
use problems::{notices_ui, problems_ui};
use statistics::{StatisticsWindow, statistics_ui};

/// The console's own state: what the player typed into "Find a game", the
/// icons' textures, the keyboard's place among the games, and the fitting
/// of its window.
#[derive(Default)]
pub struct Console {
    /// What the player typed into "Find a game" (never remembered: the
    /// console always opens on every game).
    filter: String,
    /// The games' icons as textures, made on first use.
    icons: Option<IconCache>,
    /// Fitting the console's window to its content when it opens.
    fit: ConsoleFit,
    /// Moving between the game buttons with the arrow keys.
    keys: KeyNavigation,
    /// The Statistics window.
    statistics: StatisticsWindow,
    /// Whether the About window is open.
    about_open: bool,
}

/// What the console shows this frame.
pub struct ConsoleView<'a> {
    /// The games and problems found.
    pub catalog: &'a Catalog,
    /// Where games were looked for (shown when none was found).
    pub search: &'a SearchPath,
    /// The messages to the player.
    pub notices: &'a [Notice],
    /// Whether a rescan is running.
    pub scanning: bool,
    /// What the player played, and the favourites.
    pub plays: &'a PlayHistory,
    /// Why each game a background check found broken cannot start, by
    /// directory name.
    pub known_broken: &'a std::collections::HashMap<String, String>,
    /// The games disabled for crashing too often, by directory name.
    pub disabled: &'a std::collections::HashSet<String>,
    /// What the About box says of how games run here, each with its label.
    pub about: &'a [(&'static str, String)],
    /// The theme chosen.
    pub theme: ThemeChoice,
    /// Now, in seconds since 1970 (for "last played 2 days ago").
    pub now: u64,
}

/// What the player asked for in the console this frame.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ConsoleAsks {
    /// Open (or bring to the front) the game of this directory.
    pub open: Option<String>,
    /// Show a game's help.
    pub help: Option<HelpRequest>,
    /// Show the launcher's manual.
    pub launcher_manual: bool,
    /// Scan the games directories again.
    pub rescan: bool,
    /// Dismiss the notice at this index.
    pub dismiss: Option<usize>,
    /// Mark (`true`) or unmark a game as a favourite.
    pub favourite: Option<(String, bool)>,
    /// Enable again the game of this directory, disabled for crashing
    /// too often.
    pub enable: Option<String>,
    /// Use this theme.
    pub theme: Option<ThemeChoice>,
    /// Reset the statistics of one game (`Some(Some(dir))`) or of all.
    pub reset_statistics: Option<Option<String>>,
}

impl Console {
    /// Forgets the icons' textures: the catalog changed, and an icon file
    /// may have with it.
    pub fn catalog_changed(&mut self) {
        if let Some(icons) = &mut self.icons {
            icons.clear();
        }
    }

    /// The console's window keeps the size the player gave it last time:
    /// it is not fitted to its content.
    pub fn keep_size(&mut self) {
        self.fit.done = true;
    }

    /// Draws the console into the root window.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: ConsoleView<'_>) -> ConsoleAsks {
        let ctx = ui.ctx().clone();
        let mut asks = ConsoleAsks::default();
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F5)) {
            asks.rescan = true;
        }
        // Ctrl+F before the field is drawn, so that it has the focus in this
        // very frame and keeps what is typed right after.
        let find_id = egui::Id::unique("find-game");
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::F)) {
            ui.memory_mut(|m| m.request_focus(find_id));
        }
        self.keyboard(ui, find_id, view.catalog, &mut asks);
        // Escape clears the search whatever has the focus, unless it closes
        // a menu.
        if !self.filter.is_empty()
            && !egui::Popup::is_any_open(&ctx)
            && ui.input(|i| i.key_pressed(egui::Key::Escape))
        {
            self.filter.clear();
        }
        self.menu_ui(ui, find_id, &view, &mut asks);
        notices_ui(ui, view.notices, &mut asks);
        let scrolled = egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                let groups_width = self.game_sets_ui(ui, &view, &mut asks);
                problems_ui(ui, view.catalog, view.known_broken);
                groups_width
            })
        });
        self.keys.end_frame();
        if self.statistics.open {
            statistics_ui(ui, &mut self.statistics, &view, &mut asks);
        }
        if self.about_open {
            about_ui(&ctx, &mut self.about_open, view.about);
        }
        let scrolled = scrolled.inner;
        self.fit.groups_width = scrolled.inner;
        self.fit.content_height = scrolled.content_size.y;
        self.fit.chrome = ctx.content_rect().size() - scrolled.inner_rect.size();
        asks
    }

    /// Runs after each frame: fits the console's window to its content on
    /// its first frames.
    pub fn after_frame(&mut self, ctx: &egui::Context) {
        self.fit.step(ctx);
    }

    /// The menu bar: Launcher, Help, and "Find a game" beside them or on a
    /// row of its own when the console is narrow.
    fn menu_ui(
        &mut self,
        ui: &mut egui::Ui,
        find_id: egui::Id,
        view: &ConsoleView<'_>,
        asks: &mut ConsoleAsks,
    ) {
        let scanning = view.scanning;
        let mut narrow = false;
        egui::Panel::top("console-menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Launcher", |ui| {
                    let label = if scanning {
                        "Scanning games..."
                    } else {
                        "Rescan games (F5)"
                    };
                    if ui
                        .add_enabled(!scanning, egui::Button::new(label))
                        .clicked()
                    {
                        asks.rescan = true;
                    }
                    if ui.button("Statistics...").clicked() {
                        self.statistics.open();
                        ui.close();
                    }
                    ui.menu_button("Theme", |ui| {
                        for (choice, label) in [
                            (ThemeChoice::System, "Follow the system"),
                            (ThemeChoice::Light, "Light"),
                            (ThemeChoice::Dark, "Dark"),
                        ] {
                            if ui.radio(view.theme == choice, label).clicked() {
                                asks.theme = Some(choice);
                            }
                        }
                    });
                    ui.separator();
                    if ui.button("Quit").clicked() {
                        ui.ctx().send_viewport_cmd(ViewportCommand::Close);
                    }
                });
                let help = ui.menu_button("Help", |ui| {
                    if ui.button("Launcher manual").clicked() {
                        asks.launcher_manual = true;
                    }
                    if ui.button("About PLT Games...").clicked() {
                        self.about_open = true;
                        ui.close();
                    }
                });
                // Beside the menus if it fits, else on a row of its own.
                self.fit.menus_width =
                    help.response.rect.right() - ui.max_rect().left() + ui.spacing().item_spacing.x;
                narrow = ui.available_width() < FIND_ROW_WIDTH;
                if !narrow {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        find_game_ui(ui, &mut self.filter, find_id, FIND_FIELD_WIDTH);
                    });
                }
            });
            if narrow {
                ui.horizontal(|ui| {
                    let width = ui.available_width();
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let field = (width - FIND_LABEL_ROOM).max(60.0);
                        find_game_ui(ui, &mut self.filter, find_id, field);
                    });
                });
                ui.add_space(2.0);
            }
        });
    }

    /// The player's own games (Recently played, Favourites) in a strip of
    /// fixed height, then the game sets side by side, flowing onto the
    /// next row when the console is narrow. Returns the width the sets
    /// take in one row.
    ///
    /// The strip is there, whatever was played, whenever the console shows
    /// its own groups, and only its tiles change with what was played: a
    /// set's game stays where it was as the recent games change (a click
    /// on its place opens it, not the game that took its place), and the
    /// sets are not pushed out of sight by the player's groups.
    fn game_sets_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &ConsoleView<'_>,
        asks: &mut ConsoleAsks,
    ) -> f32 {
        let (catalog, search, plays) = (view.catalog, view.search, view.plays);
        let ctx = ui.ctx().clone();
        if catalog.games.is_empty() {
            ui.label("No games found. Put a game directory with an info.toml into one of:");
            for dir in &search.dirs {
                ui.monospace(format!("{}  ({})", dir.path.display(), dir.origin));
            }
        }
        let icons = self.icons.get_or_insert_with(|| IconCache::new(&ctx));
        // The width in sight: a scrolled area's own width is unbounded.
        let visible = (ui.clip_rect().right() - ui.cursor().left()).max(0.0);
        if self.filter.trim().is_empty() && catalog.games.len() >= OWN_GROUPS_FROM {
            // The player's own groups first; a search shows only the sets,
            // and so does a console with few games, which are all in sight
            // already (a favourite is starred on its own button).
            let recent: Vec<&GameEntry> = plays
                .recent()
                .into_iter()
                .filter_map(|d| catalog.find(d))
                .collect();
            let favourites: Vec<&GameEntry> = catalog
                .game_sets()
                .into_iter()
                .flat_map(|set| set.games)
                .filter(|g| plays.is_favourite(&g.dir_name))
                .collect();
            let mut tiles = Rows {
                group: 0,
                icons: &mut *icons,
                asks: &mut *asks,
                keys: &mut self.keys,
                plays,
                known_broken: view.known_broken,
                disabled: view.disabled,
                now: view.now,
            };
            own_games_ui(ui, visible, &recent, &favourites, &mut tiles);
        }
        let sets = catalog.game_sets_matching(&self.filter);
        if sets.is_empty() && !catalog.games.is_empty() {
            ui.label(format!(
                "No game matches \"{}\". Press Escape to see every game.",
                self.filter.trim()
            ));
        }
        // The sets side by side while they fit the width; then each under
        // the column where it rises least, so that a short set fills the
        // room under another rather than going under the tallest, out of
        // sight.
        let gap = ui.spacing().item_spacing;
        let origin = ui.cursor().min;
        let right = origin.x + visible;
        let mut placed: Vec<egui::Rect> = Vec::new();
        let mut groups_width = 0.0;
        for (index, set) in sets.into_iter().enumerate() {
            let columns = SetColumns::measure(ui, &set, view.known_broken, view.disabled);
            if index > 0 {
                groups_width += gap.x;
            }
            let at = place_set(&placed, origin, right, columns.group_width, gap);
            let mut rows = Rows {
                // After the player's two groups.
                group: index + 2,
                icons: &mut *icons,
                asks: &mut *asks,
                keys: &mut self.keys,
                plays,
                known_broken: view.known_broken,
                disabled: view.disabled,
                now: view.now,
            };
            let room = egui::Rect::from_min_size(at, Vec2::new(columns.group_width, f32::INFINITY));
            let mut child = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(room)
                    .layout(egui::Layout::top_down(egui::Align::Min)),
            );
            let rect = child
                .group(|ui| game_set_ui(ui, set, &columns, &mut rows))
                .response
                .rect;
            // What the sets take in one row, for the window's fitting.
            groups_width += rect.width();
            placed.push(rect);
        }
        if let Some(all) = placed.iter().copied().reduce(egui::Rect::union) {
            ui.advance_cursor_after_rect(all.union(egui::Rect::from_min_size(origin, Vec2::ZERO)));
        }
        groups_width
    }
}

/// Where a set's box `width` wide goes, given the boxes `placed` so far
/// from `origin`, within `right` (unless it is the first): at the place,
/// among the left edges of the columns and the room after the last, where
/// its top is highest; the leftmost of equals. A set never overlaps
/// another, and so the sets in one row stay in one row.
fn place_set(
    placed: &[egui::Rect],
    origin: egui::Pos2,
    right: f32,
    width: f32,
    gap: Vec2,
) -> egui::Pos2 {
    let lefts = std::iter::once(origin.x)
        .chain(placed.iter().map(|r| r.left()))
        .chain(placed.iter().map(|r| r.right() + gap.x));
    let top_at = |x: f32| {
        placed
            .iter()
            .filter(|r| r.left() < x + width && x < r.right())
            .map(|r| r.bottom() + gap.y)
            .fold(origin.y, f32::max)
    };
    lefts
        .filter(|&x| x == origin.x || x + width <= right)
        .map(|x| egui::pos2(x, top_at(x)))
        .min_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)))
        .unwrap_or(origin)
}

/// The sizes of a game set's box: every button of a set is as wide as its
/// widest, as in the original console's columns.
struct SetColumns {
    /// Each game's button label.
    labels: Vec<String>,
    /// The width of a game's button.
    button_width: f32,
    /// A row: the button, and room for a "?" button if any game of the
    /// set has help, so the box keeps its width whichever rows are on
    /// screen.
    row: Vec2,
    /// The box's width, title included, to start a new row of groups
    /// before one that does not fit.
    group_width: f32,
}

impl SetColumns {
    fn measure(
        ui: &egui::Ui,
        set: &GameSet<'_>,
        known_broken: &KnownBroken,
        disabled: &std::collections::HashSet<String>,
    ) -> SetColumns {
        let ctx = ui.ctx();
        let text_width = |text: &str, style: egui::TextStyle| {
            let font = style.resolve(ui.style());
            ctx.fonts_mut(|f| {
                f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
                    .size()
                    .x
            })
        };
        let labels: Vec<String> = set
            .games
            .iter()
            .map(|g| button_label(g, known_broken, disabled))
            .collect();
        let widest = labels
            .iter()
            .map(|l| text_width(l, egui::TextStyle::Button))
            .fold(0.0, f32::max);
        let spacing = ui.spacing();
        let button_width = widest + 32.0 + 3.0 * spacing.button_padding.x + spacing.icon_spacing;
        let help_slot = if set.games.iter().any(|g| has_help(g)) {
            spacing.item_spacing.x
                + text_width("?", egui::TextStyle::Button)
                + 2.0 * spacing.button_padding.x
        } else {
            0.0
        };
        let row = Vec2::new(button_width + help_slot, ROW_HEIGHT);
        let title = text_width(set.name, egui::TextStyle::Body);
        let frame = egui::Frame::group(ui.style());
        let group_width = row.x.max(title) + frame.inner_margin.sum().x + 2.0 * frame.stroke.width;
        SetColumns {
            labels,
            button_width,
            row,
            group_width,
        }
    }
}

/// What drawing a group's rows needs besides the rows.
struct Rows<'a> {
    /// The group's index, for the keyboard's order.
    group: usize,
    icons: &'a mut IconCache,
    asks: &'a mut ConsoleAsks,
    keys: &'a mut KeyNavigation,
    plays: &'a PlayHistory,
    known_broken: &'a KnownBroken,
    disabled: &'a std::collections::HashSet<String>,
    now: u64,
}

/// Why each game a background check found broken cannot start.
type KnownBroken = std::collections::HashMap<String, String>;

/// One game set's box: its title, then a row per game.
fn game_set_ui(ui: &mut egui::Ui, set: GameSet<'_>, columns: &SetColumns, rows: &mut Rows<'_>) {
    ui.vertical(|ui| {
        // A title is never wrapped or cut: the group is as wide as it needs.
        ui.add(egui::Label::new(RichText::new(set.name).strong()).extend());
        for (game, label) in set.games.into_iter().zip(&columns.labels) {
            let key = (rows.group, game.dir_name.clone());
            rows.keys.next_order.push(key.clone());
            let place = egui::Rect::from_min_size(ui.cursor().min, columns.row);
            let targeted = rows.keys.target.as_ref() == Some(&key);
            if !ui.is_rect_visible(place) && !targeted {
                // A row off screen only takes its place: with a thousand
                // games, laying out the rows nobody sees would be most of
                // a frame.
                ui.allocate_space(columns.row);
                continue;
            }
            let response = game_row_ui(ui, game, label, columns, rows);
            if targeted {
                rows.keys.target = None;
                response.request_focus();
                response.scroll_to_me(None);
            }
            rows.keys.next_ids.insert(response.id, key);
        }
    });
}

/// A game's row: its button with icon and name, and its "?" button.
/// Returns the game button's response.
fn game_row_ui(
    ui: &mut egui::Ui,
    game: &GameEntry,
    label: &str,
    columns: &SetColumns,
    rows: &mut Rows<'_>,
) -> egui::Response {
    let ctx = ui.ctx().clone();
    let (texture, icon_problem) = rows.icons.get(&ctx, &game.dir, game.icon.as_deref());
    let image = egui::Image::new(texture).fit_to_exact_size(Vec2::splat(32.0));
    let icon_problem = icon_problem.map(str::to_owned);
    let button = egui::Button::image_and_text(image, label)
        .min_size(Vec2::new(columns.button_width, ROW_HEIGHT));
    let row = columns.row;
    let asks = &mut *rows.asks;
    let response = ui
        .allocate_ui_with_layout(
            row,
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_size(row);
                let response = ui.add(button);
                if has_help(game) {
                    game_help_button(ui, game, &mut asks.help);
                }
                response
            },
        )
        .inner;
    game_button_extras(ui, response, game, label, icon_problem, false, rows)
}

/// What a game's button does besides starting the game, in a set or in
/// the player's groups (a `tile`): the favourite's star over the icon (and
/// in its name for a screen reader), the keyboard's ring, the context menu
/// (favourite, enable, help), the tooltip, and the click. Returns the
/// button's response.
fn game_button_extras(
    ui: &mut egui::Ui,
    response: egui::Response,
    game: &GameEntry,
    label: &str,
    icon_problem: Option<String>,
    tile: bool,
    rows: &mut Rows<'_>,
) -> egui::Response {
    let asks = &mut *rows.asks;
    let favourite = rows.plays.is_favourite(&game.dir_name);
    if favourite {
        // Over the icon's top-left corner.
        let rect = response.rect;
        let corner = if tile {
            egui::pos2(rect.center().x - 16.0, rect.top() + TILE_PADDING)
        } else {
            rect.left_top()
        };
        paint_star(ui.painter(), corner + egui::vec2(9.0, 9.0), ui.visuals());
        let enabled = ui.is_enabled();
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, enabled, format!("{label}, favourite"))
        });
    }
    if response.has_focus() {
        // The keyboard's place is always visible, not only by a shade.
        let stroke = egui::Stroke::new(2.0, ui.visuals().selection.stroke.color);
        ui.painter()
            .rect_stroke(response.rect, 4.0, stroke, egui::StrokeKind::Outside);
    }
    response.context_menu(|ui| {
        let (text, mark) = if favourite {
            ("Remove from favourites", false)
        } else {
            ("Add to favourites", true)
        };
        if ui.button(text).clicked() {
            asks.favourite = Some((game.dir_name.clone(), mark));
        }
        if rows.disabled.contains(&game.dir_name) && ui.button("Enable again").clicked() {
            asks.enable = Some(game.dir_name.clone());
        }
        if has_help(game) {
            ui.separator();
            game_help_menu(ui, game, &mut asks.help);
        }
    });
    let mut tip = Vec::new();
    if tile {
        // The name first: a tile may show it shortened.
        tip.push(game.name.clone());
    }
    if let Some(problem) = game.first_error() {
        tip.push(problem.to_string());
    } else if let Some(why) = rows.known_broken.get(&game.dir_name) {
        tip.push(why.clone());
    } else if rows.disabled.contains(&game.dir_name) {
        tip.push(format!(
            "{} {}. Right-click to enable it again.",
            game.name,
            crate::game_window::DISABLED
        ));
    } else if let Some(reason) = icon_problem {
        tip.push(reason);
    }
    tip.push(played_line(rows.plays, &game.dir_name, rows.now));
    let response = response.on_hover_text(tip.join("\n"));
    if response.clicked() {
        asks.open = Some(game.dir_name.clone());
    }
    response
}

/// Whether a game has help of either kind (and so a "?" button).
fn has_help(game: &GameEntry) -> bool {
    game.help.is_some() || game.manual.is_some()
}

/// A game's button label: its name, marked when it cannot start.
fn button_label(
    game: &GameEntry,
    known_broken: &KnownBroken,
    disabled: &std::collections::HashSet<String>,
) -> String {
    if disabled.contains(&game.dir_name) {
        format!("{} (disabled)", game.name)
    } else if game.is_playable() && !known_broken.contains_key(&game.dir_name) {
        game.name.clone()
    } else {
        format!("{} (cannot start)", game.name)
    }
}

/// Paints a favourite's star over the top-left corner of its icon: a
/// shape, not a character, as the console's fonts have no star.
fn paint_star(painter: &egui::Painter, center: egui::Pos2, visuals: &egui::Visuals) {
    let points: Vec<egui::Pos2> = (0..10)
        .map(|i| {
            let radius = if i % 2 == 0 { 7.0 } else { 3.0 };
            let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            center + radius * egui::Vec2::angled(angle)
        })
        .collect();
    let outline = egui::Stroke::new(1.0, visuals.window_fill);
    painter.add(egui::Shape::convex_polygon(
        points.clone(),
        STAR_GOLD,
        egui::Stroke::NONE,
    ));
    // A star is not convex: its outline is drawn as a closed line.
    painter.add(egui::Shape::closed_line(points, outline));
}

/// The colour of a favourite's star.
pub const STAR_GOLD: egui::Color32 = egui::Color32::from_rgb(0xF2, 0xB8, 0x22);

/// The group of the games played last, most recent first.
pub const RECENT_GROUP: &str = "Recently played";

/// How many games a console lists before it shows the player's own groups
/// (Recently played, Favourites) above the sets: with fewer, every game is
/// in sight at a glance, and a second or third button for one game would
/// only crowd the console.
pub const OWN_GROUPS_FROM: usize = 8;

/// The group of the player's favourites.
pub const FAVOURITES_GROUP: &str = "Favourites";

/// The "?" button beside a game's console button.
fn game_help_button(ui: &mut egui::Ui, game: &GameEntry, request: &mut Option<HelpRequest>) {
    let name = format!("Help for {}", game.name);
    let response = ui
        .menu_button("?", |ui| game_help_menu(ui, game, request))
        .response;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, ui.is_enabled(), &name));
    response.on_hover_text(name.as_str());
}

/// The help entries of a game's "?" button and context menu.
fn game_help_menu(ui: &mut egui::Ui, game: &GameEntry, request: &mut Option<HelpRequest>) {
    if game.help.is_some() && ui.button("How to play").clicked() {
        *request = Some(HelpRequest::how_to_play(&game.dir_name, &game.name));
    }
    if game.manual.is_some() && ui.button("Manual").clicked() {
        *request = Some(HelpRequest::manual(&game.dir_name));
    }
}

/// The height of a game's row in the console: a 32×32 icon with padding.
const ROW_HEIGHT: f32 = 40.0;

/// A tile of the player's groups at its widest: a 32×32 icon over two
/// lines of name.
const TILE_SIZE: Vec2 = Vec2::new(92.0, 68.0);

/// The narrowest a tile is made so that the player's groups fit the
/// console's width; narrower, they scroll sideways.
const TILE_MIN_WIDTH: f32 = 64.0;

/// The room between two tiles.
const TILE_GAP: f32 = 4.0;

/// The size of a tile's name: a little smaller than a button's, for
/// most names to fit a narrow tile on one line.
const TILE_TEXT_SIZE: f32 = 11.5;

/// The room between a tile's edge and its icon and name.
const TILE_PADDING: f32 = 4.0;

/// The width of the "Find a game" field beside the menus.
const FIND_FIELD_WIDTH: f32 = 140.0;

/// The room the "Find a game:" label takes beside its field, with spacing.
const FIND_LABEL_ROOM: f32 = 90.0;

/// The width the menu bar must have left after the menus for "Find a game"
/// to sit beside them; narrower, it takes a row of its own.
pub(super) const FIND_ROW_WIDTH: f32 = FIND_FIELD_WIDTH + FIND_LABEL_ROOM + 8.0;

/// The "Find a game" field, laid out right to left: typing narrows the
/// console to matching games; Ctrl+F (Cmd+F) goes to it and Escape clears
/// it (both handled by [`Console::ui`]).
fn find_game_ui(ui: &mut egui::Ui, filter: &mut String, id: egui::Id, width: f32) {
    let edit = ui.add(
        egui::TextEdit::singleline(filter)
            .hint_text("name or set")
            .desired_width(width)
            .id(id),
    );
    let label = ui.label("Find a game:");
    edit.labelled_by(label.id);
}

/// The About window: the launcher's version and how games run here (in
/// processes of their own, sandboxed or not and why, their limits), and
/// where the player's files are.
fn about_ui(ctx: &egui::Context, open: &mut bool, facts: &[(&'static str, String)]) {
    egui::Window::new("About PLT Games")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("A console of games, each a plugin.");
            ui.add_space(4.0);
            egui::Grid::new("about").num_columns(2).show(ui, |ui| {
                for (label, value) in facts {
                    ui.label(RichText::new(*label).strong());
                    ui.label(value);
                    ui.end_row();
                }
            });
        });
}
