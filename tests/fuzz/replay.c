/* replay.c: run a fuzz target over files and folders given on the command
 * line (without libFuzzer), for the regression tests in ctest. Prints
 * "N passed, 0 failed" when no input crashed it. */

#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>

static int S_files;

static int S_one(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;
	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n > 0 ? (size_t)n : 1);
	if (!buf || (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)) {
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t)n);
	free(buf);
	S_files++;
	return 0;
}

static int S_walk(const char *path)
{
	struct stat sb;
	DIR *d;
	struct dirent *e;
	if (stat(path, &sb) < 0)
		return -1;
	if (!S_ISDIR(sb.st_mode))
		return S_one(path);
	d = opendir(path);
	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL) {
		char sub[4096];
		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		if (S_walk(sub) < 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return 0;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (S_walk(argv[i]) < 0) {
			fprintf(stderr, "cannot read %s\n", argv[i]);
			return 1;
		}
	printf("%d passed, 0 failed\n", S_files);
	return S_files > 0 ? 0 : 1;
}
