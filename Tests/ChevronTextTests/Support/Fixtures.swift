import ChevronText
import Foundation

/// One engine shared by the suites that need no special configuration; the engine is meant to
/// serve a whole process from many threads, so sharing it is itself part of what is tested.
let sharedEngine: TextEngine = {
    do { return try TextEngine() } catch { fatalError("no font configuration: \(error)") }
}()

/// The classic back button's request: Helvetica Bold 12 with kerning off (docs/looks.md, "Shared vocabulary").
let classicFont = FontRequest(pattern: "Helvetica:bold", size: 12, features: ["-kern"])

/// Titles in many scripts, for tests that need variety.
let sampleTitles = [
    "Settings", "Back", "Photos", "Accessibility", "Kontoeinstellungen", "Boîte de réception",
    "Входящие", "Ρυθμίσεις", "设置", "設定", "設定を変更", "البريد الوارد", "הגדרות", "सेटिंग्स",
    "การตั้งค่า", "Reading List — Ustawienia", "Photos Входящие 设置", "AVATAR office",
    "🇫🇷 France", "👨‍👩‍👧 Family", "é́ combining", "",
]
