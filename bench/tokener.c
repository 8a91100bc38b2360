/* Baseline for the reader benchmark: feed each line of a file to json-c's
 * tokener and free the result; nothing else (no validation, no typed events).
 * With --c-locale the thread runs in the "C" locale object (uselocale), which
 * spares json-c its per-call locale copy, as the reader does.
 * Prints "seconds lines". Built by scripts/bench. */
#include <json-c/json.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    int cLocale = argc == 3 && strcmp(argv[2], "--c-locale") == 0;
    if (argc != 2 && !cLocale) { fprintf(stderr, "usage: tokener FILE [--c-locale]\n"); return 2; }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    if (cLocale) uselocale(newlocale(LC_ALL_MASK, "C", (locale_t)0));
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    struct json_tokener *tok = json_tokener_new_ex(33);
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lines = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        json_tokener_reset(tok);
        struct json_object *o = json_tokener_parse_ex(tok, line, (int)n);
        if (o) json_object_put(o);
        lines++;
    }
    free(line);
    json_tokener_free(tok);
    fclose(f);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%.6f %ld\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9, lines);
    return 0;
}
