// The generic back titles below are Flutter's: the `backButtonLabel` of its Cupertino
// localizations (flutter/packages, packages/cupertino_ui/lib/src/l10n/cupertino_*.arb), with the
// differences listed, each with its reason, in data/back-titles/differences.tsv. The extract
// they were taken from, and this notice, are in data/back-titles/. Their licence:
//
// Copyright 2013 The Flutter Authors
//
// Redistribution and use in source and binary forms, with or without modification,
// are permitted provided that the following conditions are met:
//
//     * Redistributions of source code must retain the above copyright
//       notice, this list of conditions and the following disclaimer.
//     * Redistributions in binary form must reproduce the above
//       copyright notice, this list of conditions and the following
//       disclaimer in the documentation and/or other materials provided
//       with the distribution.
//     * Neither the name of Google Inc. nor the names of its
//       contributors may be used to endorse or promote products derived
//       from this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
// ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
// WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR
// ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
// (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
// LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
// ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
// (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

import ChevronText

/// The generic back title in a language: what a back button shows when neither the previous
/// item's back title nor its title fits ("Back" in English, "Zurück" in German).
///
/// UIKit's own strings are not public; the table is the closest public iOS-style set (see the
/// notice above and docs/looks.md, "The generic title").
public enum GenericTitles {
    /// The title for `language` (a BCP 47 tag), nil for a language the table lacks. A Chinese tag
    /// is first given its likely script (`zh` is Simplified, `zh-HK` Hong Kong's Traditional);
    /// then the most specific entry wins: language with script and region, with region, with
    /// script, alone (`pt-PT` is Portugal's, `pt-BR` Brazil's, which is `pt`).
    public static func title(for language: String) -> String? {
        let subtags = LanguageTag.likely(language).split(separator: "-")
        guard let first = subtags.first else { return nil }
        let primary = first.lowercased()
        var script: String?
        var region: String?
        for subtag in subtags.dropFirst() {
            if script == nil, region == nil, subtag.count == 4, subtag.allSatisfy(\.isLetter) {
                script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
            } else if region == nil, isRegion(subtag) {
                region = subtag.uppercased()
            }
        }
        var keys: [String] = []
        if let script, let region { keys.append(primary + "_" + script + "_" + region) }
        if let region { keys.append(primary + "_" + region) }
        if let script { keys.append(primary + "_" + script) }
        keys.append(primary)
        return keys.lazy.compactMap { table[$0] }.first
    }

    /// Whether `subtag` is a region: two letters or three digits (`DE`, `419`).
    private static func isRegion(_ subtag: Substring) -> Bool {
        (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
    }

    /// Every entry, by Flutter's locale name (language, then script or region, joined by "_").
    public static let table: [String: String] = [
        "af": "Terug",
        "am": "ተመለስ",
        "ar": "رجوع",
        "as": "উভতি যাওক",
        "az": "Geri",
        "be": "Назад",
        "bg": "Назад",
        "bn": "ফিরে যান",
        "bo": "ཕྱིར་ལོག",
        "bs": "Nazad",
        "ca": "Enrere",
        "cs": "Zpět",
        "cy": "Nôl",
        "da": "Tilbage",
        "de": "Zurück",
        "el": "Πίσω",
        "en": "Back",
        "en_AU": "Back",
        "en_GB": "Back",
        "en_IE": "Back",
        "en_IN": "Back",
        "en_NZ": "Back",
        "en_SG": "Back",
        "en_ZA": "Back",
        "es": "Atrás",
        "es_419": "Atrás",
        "es_AR": "Atrás",
        "es_BO": "Atrás",
        "es_CL": "Atrás",
        "es_CO": "Atrás",
        "es_CR": "Atrás",
        "es_DO": "Atrás",
        "es_EC": "Atrás",
        "es_GT": "Atrás",
        "es_HN": "Atrás",
        "es_MX": "Atrás",
        "es_NI": "Atrás",
        "es_PA": "Atrás",
        "es_PE": "Atrás",
        "es_PR": "Atrás",
        "es_PY": "Atrás",
        "es_SV": "Atrás",
        "es_US": "Atrás",
        "es_UY": "Atrás",
        "es_VE": "Atrás",
        "et": "Tagasi",
        "eu": "Atzera",
        "fa": "برگشتن",
        "fi": "Takaisin",
        "fil": "Bumalik",
        "fr": "Retour",
        "fr_CA": "Retour",
        "ga": "Siar",
        "gl": "Atrás",
        "gsw": "Zurück",
        "gu": "પાછળ",
        "he": "למסך הקודם",
        "hi": "वापस जाएं",
        "hr": "Natrag",
        "hu": "Vissza",
        "hy": "Հետ",
        "id": "Kembali",
        "is": "Til baka",
        "it": "Indietro",
        "ja": "戻る",
        "ka": "უკან",
        "kk": "Артқа",
        "km": "ថយក្រោយ",
        "kn": "ಹಿಂದೆ",
        "ko": "뒤로",
        "ky": "Артка",
        "lo": "ກັບຄືນ",
        "lt": "Atgal",
        "lv": "Atpakaļ",
        "mk": "Назад",
        "ml": "മടങ്ങുക",
        "mn": "Буцах",
        "mr": "मागे जा",
        "ms": "Kembali",
        "my": "နောက်သို့",
        "nb": "Tilbake",
        "ne": "पछाडि",
        "nl": "Terug",
        "no": "Tilbake",
        "or": "ପଛକୁ ଫେରନ୍ତୁ",
        "pa": "ਪਿੱਛੇ",
        "pl": "Wstecz",
        "ps": "شاته",
        "pt": "Voltar",
        "pt_PT": "Anterior",
        "ro": "Înapoi",
        "ru": "Назад",
        "si": "ආපසු",
        "sk": "Späť",
        "sl": "Nazaj",
        "sq": "Prapa",
        "sr": "Назад",
        "sr_Latn": "Nazad",
        "sv": "Tillbaka",
        "sw": "Nyuma",
        "ta": "பின்செல்",
        "te": "వెనుకకు",
        "th": "กลับ",
        "tl": "Bumalik",
        "tr": "Geri",
        "ug": "قايتىش",
        "uk": "Назад",
        "ur": "پیچھے",
        "uz": "Orqaga",
        "vi": "Quay lại",
        "zh": "返回",
        "zh_HK": "返回",
        "zh_TW": "返回",
        "zu": "Emuva",
    ]
}
