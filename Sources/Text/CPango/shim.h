// CPango: the C surface TextMetrics needs from Pango (FreeType backend) and fontconfig.
//
// Only what Swift cannot express comfortably lives here as `static inline` helpers;
// everything else is called directly from Swift. Nothing from this module may appear
// in a public TextMetrics signature.
#ifndef CELLFIT_CPANGO_SHIM_H
#define CELLFIT_CPANGO_SHIM_H

#include <pango/pango.h>
#include <pango/pangoft2.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <hb-ot.h>
#include <stdio.h>

/// Fontconfig substitute hook: turn hinting off for every font the map loads.
///
/// Hinted fonts snap ascent, descent and advances to whole device pixels at the
/// font's pixel size, which would make measurements depend on the (FreeType)
/// hinter and make the result identical at every display scale. Unhinted metrics
/// are the font's design units scaled exactly, which is what we round ourselves.
static inline void cellfit_unhinted_substitute(FcPattern *pattern, gpointer data) {
    (void)data;
    FcPatternDel(pattern, FC_HINTING);
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
    FcPatternDel(pattern, FC_HINT_STYLE);
    FcPatternAddInteger(pattern, FC_HINT_STYLE, FC_HINT_NONE);
}

/// A new FreeType font map configured for unhinted, unrounded measurement.
/// The caller owns the returned reference (g_object_unref).
/// `config` is the fontconfig configuration to resolve fonts in, NULL for the default.
static inline PangoFontMap *cellfit_font_map_new(FcConfig *config) {
    PangoFontMap *map = pango_ft2_font_map_new();
    if (map == NULL) { return NULL; }
    if (config != NULL) { pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config); }
    pango_fc_font_map_set_default_substitute(PANGO_FC_FONT_MAP(map),
                                             cellfit_unhinted_substitute, NULL, NULL);
    return map;
}

/// Releases any GObject (font map, context, layout). Swift cannot call the
/// `g_object_unref` macro-free form with typed pointers without casts; this keeps
/// the casts in one place.
static inline void cellfit_object_unref(void *object) {
    if (object != NULL) { g_object_unref(object); }
}

/// Number of fonts installed whose family list contains `family` (fontconfig
/// compares family names ignoring case and spaces). Zero means the family does
/// not exist on this machine and fontconfig would silently substitute another.
/// `config`: NULL for the default configuration. Callers serialise (pangoSetupLock).
static inline int cellfit_family_font_count(FcConfig *config, const char *family) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) { return -1; }
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
    if (objects == NULL) { FcPatternDestroy(pattern); return -1; }
    FcFontSet *set = FcFontList(config, pattern, objects);
    int count = (set == NULL) ? -1 : set->nfont;
    if (set != NULL) { FcFontSetDestroy(set); }
    FcObjectSetDestroy(objects);
    FcPatternDestroy(pattern);
    return count;
}

/// Takes a reference on any GObject (the counterpart of `cellfit_object_unref`).
static inline void cellfit_object_ref(void *object) {
    if (object != NULL) { g_object_ref(object); }
}

/// The one run of a layout laid out on one line, or NULL when the layout has
/// several lines or its line several runs (fonts, scripts or directions).
static inline PangoGlyphItem *cellfit_single_run(PangoLayout *layout) {
    if (pango_layout_get_line_count(layout) != 1) { return NULL; }
    PangoLayoutLine *line = pango_layout_get_line_readonly(layout, 0);
    if (line == NULL || line->runs == NULL || line->runs->next != NULL) { return NULL; }
    return (PangoGlyphItem *)line->runs->data;
}

/// The lines of `layout` when every run of every line is shaped with `font` in
/// `script`, at a bidi level of `level`'s parity: how many (at most `capacity`),
/// each line's logical width and first byte in `widths` and `starts`; -1 when a
/// run differs or the lines are more.
static inline int cellfit_single_run_lines(PangoLayout *layout, PangoFont *font, int script, int level, int *widths, int *starts, int capacity) {
    int count = 0;
    for (GSList *lines = pango_layout_get_lines_readonly(layout); lines != NULL; lines = lines->next) {
        PangoLayoutLine *line = lines->data;
        if (count >= capacity) { return -1; }
        for (GSList *runs = line->runs; runs != NULL; runs = runs->next) {
            PangoAnalysis *analysis = &((PangoGlyphItem *)runs->data)->item->analysis;
            if (analysis->font != font || analysis->script != script || (analysis->level & 1) != (level & 1)) { return -1; }
        }
        PangoRectangle logical = {0, 0, 0, 0};
        pango_layout_line_get_extents(line, NULL, &logical);
        widths[count] = logical.width;
        starts[count] = line->start_index;
        count++;
    }
    return count;
}

/// Pango's margin around the line width within which its line breaker shapes a
/// candidate line instead of summing character widths: three approximate
/// character widths of `font` for `language`.
static inline int cellfit_break_safe_distance(PangoFont *font, PangoLanguage *language) {
    PangoFontMetrics *metrics = pango_font_get_metrics(font, language);
    if (metrics == NULL) { return -1; }
    int distance = pango_font_metrics_get_approximate_char_width(metrics) * 3;
    pango_font_metrics_unref(metrics);
    return distance;
}

/// The installed face whose PostScript name is `name`: its first family name
/// (copied into `family`, at most `capacity` bytes with the terminating zero), its
/// weight on the OpenType scale (100 to 1000) and its slant (0 upright, 100 italic,
/// 110 oblique, fontconfig's values). Returns 1 when found, 0 when no face has the
/// name, -1 when fontconfig fails.
static inline int cellfit_face_by_postscript_name(FcConfig *config, const char *name, char *family, int capacity, int *weight, int *slant) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) { return -1; }
    FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, (const FcChar8 *)name);
    FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, FC_WEIGHT, FC_SLANT, FC_FILE, (char *)NULL);
    if (objects == NULL) { FcPatternDestroy(pattern); return -1; }
    FcFontSet *set = FcFontList(config, pattern, objects);
    int found = -1;
    if (set != NULL) {
        found = 0;
        for (int i = 0; i < set->nfont && !found; i++) {
            FcChar8 *first = NULL;
            double w = 0;
            int s = 0;
            if (FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &first) != FcResultMatch) { continue; }
            if (FcPatternGetDouble(set->fonts[i], FC_WEIGHT, 0, &w) != FcResultMatch) {
                int wi = 0;
                if (FcPatternGetInteger(set->fonts[i], FC_WEIGHT, 0, &wi) != FcResultMatch) { wi = FC_WEIGHT_REGULAR; }
                w = wi;
            }
            if (FcPatternGetInteger(set->fonts[i], FC_SLANT, 0, &s) != FcResultMatch) { s = FC_SLANT_ROMAN; }
            snprintf(family, (size_t)capacity, "%s", (const char *)first);
            *weight = (int)FcWeightToOpenTypeDouble(w);
            *slant = s;
            found = 1;
        }
        FcFontSetDestroy(set);
    }
    FcObjectSetDestroy(objects);
    FcPatternDestroy(pattern);
    return found;
}

/// A private fontconfig configuration built from `xml` (a fonts.conf document), its
/// fonts scanned; NULL when it does not parse or its fonts cannot be built. The
/// caller owns the reference (FcConfigDestroy).
static inline FcConfig *cellfit_config_new(const char *xml) {
    FcConfig *config = FcConfigCreate();
    if (config == NULL) { return NULL; }
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)xml, FcTrue) || !FcConfigBuildFonts(config)) {
        FcConfigDestroy(config);
        return NULL;
    }
    return config;
}

/// The number of fonts `config` has scanned from its folders (its system set).
static inline int cellfit_config_font_count(FcConfig *config) {
    FcFontSet *set = FcConfigGetFonts(config, FcSetSystem);
    return set == NULL ? 0 : set->nfont;
}

/// The file and face index of font `i` of `config`'s system set (what its folders
/// hold, from their files or from fontconfig's cache); 0 when there is no such font
/// or it names no file. `file` points into fontconfig's pattern: copy it at once.
static inline int cellfit_config_font_file(FcConfig *config, int i, const char **file, int *index) {
    FcFontSet *set = FcConfigGetFonts(config, FcSetSystem);
    if (set == NULL || i < 0 || i >= set->nfont) { return 0; }
    FcChar8 *path = NULL;
    if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &path) != FcResultMatch || path == NULL) { return 0; }
    int face = 0;
    if (FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &face) != FcResultMatch) { face = 0; }
    *file = (const char *)path;
    *index = face;
    return 1;
}

/// What HarfBuzz, which Pango shapes and measures with, makes of face `index` of the
/// font file `file` (a regular file): 0 when some character maps to a glyph of
/// non-zero advance; 1 when the file cannot be read; 2 when it holds no glyph
/// HarfBuzz reads (no table directory, no 'maxp': not an OpenType face); 3 when no
/// character maps to a glyph (no usable 'cmap'); 4 when every mapped glyph is 0 wide.
static inline int cellfit_face_check(const char *file, unsigned int index) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(file);
    if (blob == NULL) { return 1; }
    hb_face_t *face = hb_face_create(blob, index);
    hb_blob_destroy(blob);
    int result = 0;
    if (hb_face_get_glyph_count(face) == 0) {
        result = 2;
    } else {
        hb_set_t *characters = hb_set_create();
        hb_face_collect_unicodes(face, characters);
        hb_font_t *font = hb_font_create(face);
        result = hb_set_is_empty(characters) ? 3 : 4;
        hb_codepoint_t character = HB_SET_VALUE_INVALID;
        while (result == 4 && hb_set_next(characters, &character)) {
            hb_codepoint_t glyph = 0;
            if (hb_font_get_nominal_glyph(font, character, &glyph) && hb_font_get_glyph_h_advance(font, glyph) != 0) {
                result = 0;
            }
        }
        hb_font_destroy(font);
        hb_set_destroy(characters);
    }
    hb_face_destroy(face);
    return result;
}

/// Releases a configuration made by `cellfit_config_new`.
static inline void cellfit_config_release(FcConfig *config) {
    if (config != NULL) { FcConfigDestroy(config); }
}

/// The path of fontconfig's default configuration file (FONTCONFIG_FILE or the
/// system's fonts.conf), copied into `path`; 0 when there is none.
static inline int cellfit_default_config_file(char *path, int capacity) {
    FcChar8 *file = FcConfigFilename(NULL);
    if (file == NULL) { return 0; }
    snprintf(path, (size_t)capacity, "%s", (const char *)file);
    FcStrFree(file);
    return 1;
}

/// Frees the items `pango_itemize` returned, and the list.
static inline void cellfit_items_free(GList *items) {
    g_list_free_full(items, (GDestroyNotify)pango_item_free);
}

/// The logical extents of `glyph` in `font`, in Pango units: its ascent (above
/// the baseline) and descent (below), which Pango gives every glyph of a font alike.
static inline void cellfit_glyph_logical_extents(PangoFont *font, PangoGlyph glyph, int *ascent, int *descent) {
    PangoRectangle logical = {0, 0, 0, 0};
    pango_font_get_glyph_extents(font, glyph, NULL, &logical);
    *ascent = -logical.y;
    *descent = logical.y + logical.height;
}

/// The baseline Pango aligns a line's runs on (`apply_baseline_shift` in
/// pango-layout.c, Pango 1.50 with HarfBuzz 4 or later): HarfBuzz's horizontal
/// baseline for the script of the line's first run.
static inline unsigned int cellfit_baseline_tag(int script) {
    return (unsigned int)hb_ot_layout_get_horizontal_baseline_tag_for_script(
        (hb_script_t)g_unicode_script_to_iso15924((GUnicodeScript)script));
}

/// The position of the baseline `tag` in `font` for a run of `script` in
/// `language`, in Pango units, as Pango asks HarfBuzz for it when it aligns runs.
static inline int cellfit_run_baseline(PangoFont *font, unsigned int tag, int script, PangoLanguage *language) {
    hb_font_t *hb_font = pango_font_get_hb_font(font);
    hb_script_t hb_script = (hb_script_t)g_unicode_script_to_iso15924((GUnicodeScript)script);
    hb_language_t hb_language = hb_language_from_string(pango_language_to_string(language), -1);
    hb_tag_t script_tags[HB_OT_MAX_TAGS_PER_SCRIPT];
    hb_tag_t language_tags[HB_OT_MAX_TAGS_PER_LANGUAGE];
    unsigned int script_count = HB_OT_MAX_TAGS_PER_SCRIPT, language_count = HB_OT_MAX_TAGS_PER_LANGUAGE;
    hb_ot_tags_from_script_and_language(hb_script, hb_language, &script_count, script_tags, &language_count, language_tags);
    hb_position_t baseline = 0;
    hb_ot_layout_get_baseline_with_fallback(hb_font, (hb_ot_layout_baseline_tag_t)tag, HB_DIRECTION_LTR,
                                            script_count ? script_tags[script_count - 1] : HB_TAG_NONE,
                                            language_count ? language_tags[language_count - 1] : HB_TAG_NONE, &baseline);
    return (int)baseline;
}

/// The glyphs of `font` that some OpenType lookup (GSUB or GPOS) may start at, act
/// on or look at, as HarfBuzz collects them; NULL when the font has a table that
/// HarfBuzz may shape with besides those (kern, kerx, morx, mort, trak), so that no
/// glyph is known to be left alone. The caller owns the set (hb_set_destroy).
static inline hb_set_t *cellfit_font_lookup_glyphs(PangoFont *font) {
    hb_face_t *face = hb_font_get_face(pango_font_get_hb_font(font));
    const hb_tag_t others[] = {HB_TAG('k', 'e', 'r', 'n'), HB_TAG('k', 'e', 'r', 'x'), HB_TAG('m', 'o', 'r', 'x'),
                               HB_TAG('m', 'o', 'r', 't'), HB_TAG('t', 'r', 'a', 'k')};
    for (unsigned int i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
        hb_blob_t *blob = hb_face_reference_table(face, others[i]);
        unsigned int length = hb_blob_get_length(blob);
        hb_blob_destroy(blob);
        if (length > 0) { return NULL; }
    }
    hb_set_t *glyphs = hb_set_create();
    const hb_tag_t tables[] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
    for (unsigned int t = 0; t < 2; t++) {
        unsigned int count = hb_ot_layout_table_get_lookup_count(face, tables[t]);
        for (unsigned int i = 0; i < count; i++) {
            hb_ot_layout_lookup_collect_glyphs(face, tables[t], i, glyphs, glyphs, glyphs, glyphs);
        }
    }
    return glyphs;
}

/// The base direction Pango gives a paragraph of `length` bytes at `text` (its first
/// strong character's; NEUTRAL without one), as `pango_layout_check_lines` asks.
/// Deprecated for applications in Pango 1.44, it is what the layout itself still calls.
static inline PangoDirection cellfit_find_base_dir(const char *text, int length) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return pango_find_base_dir(text, length);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/// Whether `ch` is a strong right-to-left character (bidi class R or AL).
static inline int cellfit_is_strong_right_to_left(gunichar ch) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return pango_unichar_direction(ch) == PANGO_DIRECTION_RTL;
    G_GNUC_END_IGNORE_DEPRECATIONS
}

#endif
