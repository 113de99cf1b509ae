# Included at the end of llama.cpp's project() call when llama-cpp-python builds it (Makefile, CMAKE_ARGS).
# llama-cpp-python forces llama.cpp's "common" library on, but its Python bindings load only libllama and
# libggml*: common (chat parsers, argument parsing, an HTTP client) is a third of the compile for nothing.
# A normal variable shadows the forced cache entry inside llama.cpp's directory (option() honours it).
set(LLAMA_BUILD_COMMON OFF)
