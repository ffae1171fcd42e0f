import ChevronTestSupport
import Foundation
import Testing

/// io.chevron.Service.GetFingerprint: daemons over the same fonts and looks agree, and a change
/// moves exactly the part that covers it. The fonts part is recomputed here from `fc-list` and
/// Python's hashlib, not from the daemon's code.
@Suite(.serialized)
struct FingerprintTests {
    /// The fingerprint reply's parameters, asking again while the daemon answers Pending.
    static func fingerprint(_ client: VarlinkTestClient) throws -> [String: Any] {
        for _ in 0..<300 {
            let reply = try client.call("io.chevron.Service.GetFingerprint")
            if reply.error != "io.chevron.Service.Pending" {
                #expect(reply.error == nil, "\(reply.parameters)")
                return reply.parameters
            }
            usleep(100_000)
        }
        throw VarlinkTestClient.Failure.system("the fingerprint stayed Pending for 30 s")
    }

    static func parts(_ fingerprint: [String: Any]) -> [String: String] {
        fingerprint["parts"] as? [String: String] ?? [:]
    }

    @Test func twoDaemonsOverTheSameFontsAndLooksAgree() throws {
        let looks = DaemonProcess.packageRoot.appendingPathComponent("looks").path
        let first = try DaemonProcess(["--looks-dir", looks])
        let second = try DaemonProcess(["--looks-dir", looks])
        let one = try Self.fingerprint(try first.connect())
        let other = try Self.fingerprint(try second.connect())
        #expect((one["fingerprint"] as? String)?.count == 64)
        #expect(one["fingerprint"] as? String == other["fingerprint"] as? String)
        #expect(Self.parts(one) == Self.parts(other))
        #expect((one["looks"] as? [String])?.contains("glossy-pill") == true)
        // The libraries it lists are the ones the tools of the same libraries report.
        let libraries = try #require(one["libraries"] as? [String: String])
        let harfBuzz = try #require(try ExternalTools.run("hb-shape", ["--version"]))
        #expect(harfBuzz.contains(try #require(libraries["harfbuzz"])))
    }

    /// The fonts part is SHA-256 over "path, size, SHA-256 of the bytes, face index" lines of
    /// every face fontconfig lists, sorted by path and index: computed here by fc-list and Python.
    @Test func theFontsPartIsWhatFcListAndHashlibGive() throws {
        let daemon = try DaemonProcess()
        let fingerprint = try Self.fingerprint(try daemon.connect())
        let script = """
            import hashlib, os, subprocess
            out = subprocess.run(["fc-list", "-f", "%{file}\\t%{index}\\n"], capture_output=True, text=True).stdout
            faces = sorted({(line.split("\\t")[0], int(line.split("\\t")[1])) for line in out.splitlines() if line})
            digests = {}
            total = hashlib.sha256()
            for path, index in faces:
                if path not in digests:
                    digests[path] = hashlib.sha256(open(path, "rb").read()).hexdigest()
                total.update(f"{path}\\t{os.path.getsize(path)}\\t{digests[path]}\\t{index}\\n".encode())
            print(total.hexdigest(), len(faces), len(digests))
            """
        let output = try #require(try ExternalTools.run("python3", ["-c", script]))
        let fields = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(Self.parts(fingerprint)["fonts"] == fields[0])
        #expect(fingerprint["faces"] as? Int == Int(fields[1]))
        #expect(fingerprint["fontFiles"] as? Int == Int(fields[2]))
    }

    @Test func aNewFontOrAnEditedManifestChangesOnlyItsPart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprint-\(UUID().uuidString)")
        let fonts = folder.appendingPathComponent("fonts")
        let looks = folder.appendingPathComponent("looks")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = looks.appendingPathComponent("wide.json")
        try LifecycleTests.goodManifest.write(to: manifest, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(["--fonts-dir", fonts.path, "--looks-dir", looks.path])
        let client = try daemon.connect()
        let before = try Self.fingerprint(client)

        // A font added to the fonts folder: only the fonts part moves, by one face.
        try FileManager.default.copyItem(
            atPath: MethodTests.helveticaBold, toPath: fonts.appendingPathComponent("Copy.otf").path)
        #expect(try client.call("io.chevron.Service.Reload").error == nil)
        let withFont = try Self.fingerprint(client)
        #expect(Self.parts(withFont)["fonts"] != Self.parts(before)["fonts"])
        for part in ["fontconfig", "libraries", "looks"] {
            #expect(Self.parts(withFont)[part] == Self.parts(before)[part], "\(part)")
        }
        #expect(withFont["faces"] as? Int == (before["faces"] as? Int ?? 0) + 1)
        #expect(withFont["generation"] as? Int == 2)

        // The manifest edited: only the looks part moves.
        try LifecycleTests.goodManifest.replacingOccurrences(of: "\"padding\": 25", with: "\"padding\": 26")
            .write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try client.call("io.chevron.Service.Reload").error == nil)
        let withEdit = try Self.fingerprint(client)
        #expect(Self.parts(withEdit)["looks"] != Self.parts(withFont)["looks"])
        for part in ["fonts", "fontconfig", "libraries"] {
            #expect(Self.parts(withEdit)[part] == Self.parts(withFont)[part], "\(part)")
        }
        #expect(withEdit["fingerprint"] as? String != withFont["fingerprint"] as? String)

        // Nothing changed: the same fingerprint again.
        #expect(try client.call("io.chevron.Service.Reload").error == nil)
        #expect(try Self.fingerprint(client)["fingerprint"] as? String == withEdit["fingerprint"] as? String)
    }
}
