@main struct ReaderFuzzer { static func main() {} }
