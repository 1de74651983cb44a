"""The installation and its input: configuration, language, the phones' link, files and errors."""
