import BBCustomLook
import ChevronLooks
import ClassicLook
import DailyBoothLook
import InstagramLook
import ModernLook
import ReederLook

extension LookRegistry {
    /// The six looks built into Chevron, one provider module each under `Plugins/`.
    public static let builtIn = LookRegistry([
        ClassicLook(), ReederLook(), InstagramLook(), DailyBoothLook(), BBCustomLook(), ModernLook(),
    ])
}
