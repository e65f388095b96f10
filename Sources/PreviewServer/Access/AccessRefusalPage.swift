/// The short page a refused request gets: the status and the one-line reason, escaped, readable
/// in a browser and by `curl` alike.
struct AccessRefusalPage {
    let status: Int
    let reason: String

    var title: String {
        switch status {
        case 401: "401 Unauthorized: the preview needs its access token"
        case 403: "403 Forbidden: not this server's host"
        default: "\(status) Bad Request"
        }
    }

    var html: String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title.xmlEscaped)</title></head>
        <body><h1>\(title.xmlEscaped)</h1><p>\(reason.xmlEscaped)</p></body></html>

        """
    }
}
