/// Which Han characters Chinese is written in where: CLDR's likely subtags.
public enum ChineseScripts {
    /// Regions whose Chinese CLDR's likely subtags write in Traditional characters (`zh-XX` is
    /// `zh-Hant-XX`; every other region Simplified), as PyPI `langcodes`' `maximize()` gives
    /// them (CLDR 45). The engine's language tags and the check's `--only-language` both read
    /// this one list.
    public static let traditionalRegions: Set<String> = [
        "AU", "BN", "GB", "GF", "HK", "ID", "MO", "PA", "PF", "PH", "SR", "TH", "TW", "US", "VN",
    ]
}
