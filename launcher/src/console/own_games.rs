//! The strip of the player's own games above the sets: Recently played
//! and the Favourites, each game a tile (its icon over its name).

use super::{
    FAVOURITES_GROUP, RECENT_GROUP, Rows, TILE_GAP, TILE_MIN_WIDTH, TILE_PADDING, TILE_SIZE,
    TILE_TEXT_SIZE, button_label, game_button_extras,
};
use egui::{RichText, Vec2};
use launcher_core::catalog::GameEntry;

/// The strip of the player's own games, `width` wide and always as high:
/// Recently played (or what will show there), then the Favourites if
/// any, each game a tile (its icon over its name). Tiles that do not fit
/// scroll sideways within the strip; each is also in its set, in sight.
pub(super) fn own_games_ui(
    ui: &mut egui::Ui,
    width: f32,
    recent: &[&GameEntry],
    favourites: &[&GameEntry],
    tiles: &mut Rows<'_>,
) {
    // The tiles narrow (down to a least) for all to fit in the width.
    let groups = if favourites.is_empty() { 1.0 } else { 2.0 };
    let frame = egui::Frame::group(ui.style());
    let frames = groups * (frame.inner_margin.sum().x + 2.0 * frame.stroke.width)
        + (groups - 1.0) * ui.spacing().item_spacing.x;
    let count = (recent.len() + favourites.len()).max(1) as f32;
    let room = width - frames - (count - groups).max(0.0) * TILE_GAP;
    let tile = Vec2::new(
        (room / count).clamp(TILE_MIN_WIDTH, TILE_SIZE.x),
        TILE_SIZE.y,
    );
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(Vec2::new(width, 0.0), layout, |ui| {
        ui.set_width(width);
        egui::ScrollArea::horizontal()
            .id_salt("own-games")
            .auto_shrink([false, true])
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.group(|ui| {
                        own_group_ui(ui, RECENT_GROUP, recent, RECENT_EMPTY, tile, tiles);
                    });
                    if !favourites.is_empty() {
                        tiles.group = 1;
                        ui.group(|ui| {
                            own_group_ui(ui, FAVOURITES_GROUP, favourites, "", tile, tiles)
                        });
                    }
                });
            });
    });
    ui.add_space(ui.spacing().item_spacing.y);
}

/// What "Recently played" says before any game was played.
pub const RECENT_EMPTY: &str = "The games you open will be here.";

/// One of the player's groups: its title over a row of tiles (or, with
/// no game, `empty` in the tiles' place, so that the strip keeps its
/// height).
fn own_group_ui(
    ui: &mut egui::Ui,
    name: &str,
    games: &[&GameEntry],
    empty: &str,
    tile: Vec2,
    tiles: &mut Rows<'_>,
) {
    ui.vertical(|ui| {
        ui.add(egui::Label::new(RichText::new(name).strong()).extend());
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = TILE_GAP;
            ui.set_min_height(TILE_SIZE.y);
            if games.is_empty() {
                ui.add_sized(
                    Vec2::new(0.0, TILE_SIZE.y),
                    egui::Label::new(RichText::new(empty).weak()).extend(),
                );
            }
            for game in games {
                let label = button_label(game, tiles.known_broken, tiles.disabled);
                let key = (tiles.group, game.dir_name.clone());
                tiles.keys.next_order.push(key.clone());
                let response = game_tile_ui(ui, game, &label, tile, tiles);
                if tiles.keys.target.as_ref() == Some(&key) {
                    tiles.keys.target = None;
                    response.request_focus();
                    response.scroll_to_me(None);
                }
                tiles.keys.next_ids.insert(response.id, key);
            }
        });
    });
}

/// A game's tile in the player's groups: its icon over its name (on two
/// lines at most, shortened with "…" beyond). Returns its response.
fn game_tile_ui(
    ui: &mut egui::Ui,
    game: &GameEntry,
    label: &str,
    size: Vec2,
    tiles: &mut Rows<'_>,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let enabled = ui.is_enabled();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, label));
    let ctx = ui.ctx().clone();
    let (texture, icon_problem) = tiles.icons.get(&ctx, &game.dir, game.icon.as_deref());
    let image = egui::Image::new(texture);
    let icon_problem = icon_problem.map(str::to_owned);
    let icon = egui::Rect::from_center_size(
        egui::pos2(rect.center().x, rect.top() + TILE_PADDING + 16.0),
        Vec2::splat(32.0),
    );
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact(&response);
        ui.painter().rect(
            rect.expand(visuals.expansion),
            visuals.corner_radius,
            visuals.weak_bg_fill,
            visuals.bg_stroke,
            egui::StrokeKind::Inside,
        );
        image.paint_at(ui, icon);
        // A word wider than the tile is set smaller rather than broken.
        let room = size.x - 2.0 * TILE_PADDING;
        let widest = label
            .split_whitespace()
            .map(|word| {
                let font = egui::FontId::proportional(TILE_TEXT_SIZE);
                ui.fonts_mut(|f| f.layout_no_wrap(word.to_owned(), font, egui::Color32::WHITE))
                    .size()
                    .x
            })
            .fold(0.0, f32::max);
        let scale = if widest > room { room / widest } else { 1.0 };
        let font = egui::FontId::proportional((TILE_TEXT_SIZE * scale).max(9.0));
        let mut job =
            egui::text::LayoutJob::simple(label.to_owned(), font, visuals.text_color(), room);
        job.halign = egui::Align::Center;
        job.wrap.max_rows = 2;
        let galley = ui.fonts_mut(|f| f.layout_job(job));
        let top = egui::pos2(rect.center().x, icon.bottom() + 2.0);
        ui.painter().galley(top, galley, visuals.text_color());
    }
    game_button_extras(ui, response, game, label, icon_problem, true, tiles)
}
