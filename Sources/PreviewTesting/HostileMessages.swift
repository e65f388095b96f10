/// Messages a hostile client sends, each with the error code the server answers it with: run
/// against a real server (PreviewServerTests) and through a hub in-process (PreviewProtocolTests).
public enum HostileMessages {
    /// Ten thousand levels deep (its closing brackets would pass the 16 KiB limit, and are never read).
    public static let deepArray = String(repeating: "[", count: 10_000)
    public static let deepObject = String(repeating: "{\"a\":", count: 1000) + "1" + String(repeating: "}", count: 1000)

    /// (what it is, the text sent, the error code expected)
    public static let cases: [(String, String, String)] = [
        ("unterminated object", "{", "bad_json"),
        ("empty message", "", "bad_json"),
        ("array at the top", "[]", "bad_message"),
        ("string at the top", "\"pointer\"", "bad_message"),
        ("number at the top", "42", "bad_message"),
        ("null at the top", "null", "bad_message"),
        ("no type", "{}", "bad_message"),
        ("null type", "{\"type\":null}", "bad_message"),
        ("array type", "{\"type\":[\"pointer\"]}", "bad_message"),
        ("pointer without fields", "{\"type\":\"pointer\"}", "bad_message"),
        ("pointer without phase", "{\"type\":\"pointer\",\"x\":1,\"y\":1,\"t\":1}", "bad_message"),
        ("pointer x as string", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":\"1\",\"y\":1,\"t\":1}", "bad_message"),
        ("pointer x NaN", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":NaN,\"y\":1,\"t\":1}", "bad_json"),
        ("pointer x Infinity", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":Infinity,\"y\":1,\"t\":1}", "bad_json"),
        ("pointer x 1e308", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":1e308,\"y\":1,\"t\":1}", "invalid_value"),
        ("pointer x -1e308", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":-1e308,\"y\":1,\"t\":1}", "invalid_value"),
        ("pointer y 1e400", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":1,\"y\":1e400,\"t\":1}", "bad_json"),
        ("pointer t 1e308", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":1,\"y\":1,\"t\":1e308}", "invalid_value"),
        ("pointer phase hover", "{\"type\":\"pointer\",\"phase\":\"hover\",\"x\":1,\"y\":1,\"t\":1}", "invalid_value"),
        ("pointer up with no down", "{\"type\":\"pointer\",\"phase\":\"up\",\"x\":1,\"y\":1,\"t\":1}", "invalid_value"),
        (
            "pointer move with no down", "{\"type\":\"pointer\",\"phase\":\"move\",\"x\":1,\"y\":1,\"t\":1}",
            "invalid_value"
        ),
        (
            "pointer seq 1.5", "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":1,\"y\":1,\"t\":1,\"seq\":1.5}",
            "invalid_value"
        ),
        ("command without name", "{\"type\":\"command\"}", "bad_message"),
        ("unknown command", "{\"type\":\"command\",\"name\":\"explode\"}", "invalid_value"),
        ("goto -1", "{\"type\":\"command\",\"name\":\"goto\",\"index\":-1}", "invalid_value"),
        ("goto 1e308", "{\"type\":\"command\",\"name\":\"goto\",\"index\":1e308}", "invalid_value"),
        ("goto 2.5", "{\"type\":\"command\",\"name\":\"goto\",\"index\":2.5}", "invalid_value"),
        ("goto as string", "{\"type\":\"command\",\"name\":\"goto\",\"index\":\"1\"}", "bad_message"),
        ("autoscroll yes", "{\"type\":\"command\",\"name\":\"autoscroll\",\"enabled\":\"yes\"}", "bad_message"),
        ("configure with nothing", "{\"type\":\"configure\"}", "bad_message"),
        ("config as array", "{\"type\":\"configure\",\"config\":[1]}", "invalid_value"),
        ("negative spacing", "{\"type\":\"configure\",\"config\":{\"spacing\":-1}}", "invalid_value"),
        ("zero viewport", "{\"type\":\"configure\",\"config\":{\"viewport\":{\"width\":0}}}", "invalid_value"),
        ("viewport 1e308", "{\"type\":\"configure\",\"config\":{\"viewport\":{\"height\":1e308}}}", "invalid_value"),
        ("inset NaN", "{\"type\":\"configure\",\"config\":{\"inset\":NaN}}", "bad_json"),
        ("deceleration 1", "{\"type\":\"configure\",\"config\":{\"decelerationRate\":1}}", "invalid_value"),
        ("side scale -0", "{\"type\":\"configure\",\"config\":{\"sideScale\":-0}}", "invalid_value"),
        ("item count 10^7", "{\"type\":\"configure\",\"items\":10000000}", "invalid_value"),
        ("duplicate item ids", "{\"type\":\"configure\",\"items\":[{\"id\":\"a\"},{\"id\":\"a\"}]}", "invalid_value"),
        ("empty item id", "{\"type\":\"configure\",\"items\":[{\"id\":\"\"}]}", "invalid_value"),
        ("item height -5", "{\"type\":\"configure\",\"items\":[{\"id\":\"a\",\"height\":-5}]}", "invalid_value"),
        ("unknown config key", "{\"type\":\"configure\",\"config\":{\"warp\":9}}", "invalid_value"),
        ("advance 0", "{\"type\":\"advance\",\"ms\":0}", "invalid_value"),
        ("advance -0", "{\"type\":\"advance\",\"ms\":-0}", "invalid_value"),
        ("advance -1", "{\"type\":\"advance\",\"ms\":-1}", "invalid_value"),
        ("advance 10^9", "{\"type\":\"advance\",\"ms\":1000000000}", "invalid_value"),
        ("advance as string", "{\"type\":\"advance\",\"ms\":\"16\"}", "bad_message"),
        ("visibility no", "{\"type\":\"visibility\",\"hidden\":\"no\"}", "bad_message"),
        ("unknown type", "{\"type\":\"teleport\"}", "unknown_type"),
        ("unicode and control characters in type", "{\"type\":\"\\u0007🚀\\u0000\"}", "unknown_type"),
        ("array nested 10^4 deep", deepArray, "bad_json"),
        ("object nested 1000 deep", deepObject, "bad_json"),
        ("lone surrogate", "{\"type\":\"\\ud800\"}", "bad_json"),
        ("duplicate keys", "{\"type\":\"ping\",\"type\":\"advance\"}", "bad_json"),
    ]
}
