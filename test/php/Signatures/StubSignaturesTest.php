<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Every OCP stub under test/php/stubs/ has exactly Nextcloud 32's signatures (ocp-signatures.json), by reflection.
namespace OCA\McpCompanion\Tests\Signatures;

use OCA\McpCompanion\Tests\Support\SignatureRenderer;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

class StubSignaturesTest extends TestCase {
	private const STUB_DIR = __DIR__ . '/../stubs';
	/** Read from a Nextcloud 32.0.2 installation by reflection (see ocp-signatures.md for how to read it again). */
	private const VERIFIED = __DIR__ . '/../ocp-signatures.json';
	/** Types the companion needs that the verified file lacks, read from Nextcloud's sources; each names its "@source". */
	private const UNVERIFIED = __DIR__ . '/../ocp-signatures-unverified.json';

	/** @return array<string, array{string}> */
	public static function stubTypes(): array {
		$types = [];
		foreach (self::findStubFiles() as $file) {
			foreach (self::readDeclaredTypes($file) as $type) {
				$types[$type] = [$type];
			}
		}
		ksort($types);
		return $types;
	}

	#[DataProvider('stubTypes')]
	public function testTheStubHasNextcloudsSignatures(string $type): void {
		$expected = self::readExpectedSignatures();

		$actual = SignatureRenderer::renderType($type);

		$this->assertArrayHasKey($type, $expected, "$type is stubbed but not in ocp-signatures.json or ocp-signatures-unverified.json");
		$this->assertSame(self::toComparableJson($expected[$type]), self::toComparableJson($actual), "$type differs from Nextcloud 32");
	}

	public function testEveryStubFileDeclaresATypeOrTemplateFunctions(): void {
		$empty = array_filter(self::findStubFiles(), fn (string $file) => self::readDeclaredTypes($file) === [] && basename($file) !== 'template-functions.php');

		$this->assertSame([], array_values($empty));
	}

	public function testTheUnverifiedTypesAreNotInTheVerifiedFileAndNameTheirSource(): void {
		$verified = self::readJson(self::VERIFIED);
		$unverified = self::readJson(self::UNVERIFIED);

		$this->assertSame([], array_values(array_intersect(array_keys($verified), array_keys($unverified))));
		foreach ($unverified as $type => $entry) {
			$this->assertIsString($entry['@source'] ?? null, "$type has no @source");
		}
	}

	public function testTheRefreshScriptRendersEveryStubbedTypeAsTheVerifiedFileRecordsIt(): void {
		$root = sys_get_temp_dir() . '/ocp-signatures-' . bin2hex(random_bytes(4));
		mkdir("$root/3rdparty", 0700, true);
		mkdir("$root/lib/composer", 0700, true);
		file_put_contents("$root/3rdparty/autoload.php", "<?php require " . var_export(__DIR__ . '/../../../vendor/autoload.php', true) . ";\n");
		file_put_contents("$root/lib/composer/autoload.php", "<?php\n");
		$verified = self::readJson(self::VERIFIED);

		$output = shell_exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg(__DIR__ . '/../read-ocp-signatures.php') . ' ' . escapeshellarg($root) . ' 2>/dev/null');
		array_map('unlink', ["$root/3rdparty/autoload.php", "$root/lib/composer/autoload.php"]);
		array_map('rmdir', ["$root/3rdparty", "$root/lib/composer", "$root/lib", $root]);

		$rendered = json_decode((string)$output, true, 64, JSON_THROW_ON_ERROR);
		$stubbed = array_keys(self::stubTypes());
		$this->assertSame(array_intersect_key($verified, array_flip($stubbed)), array_intersect_key($rendered, $verified));
	}

	/** @return array<string, array<string, mixed>> verified and unverified entries, without "@source" */
	private static function readExpectedSignatures(): array {
		$unverified = array_map(function (array $entry): array {
			unset($entry['@source']);
			return $entry;
		}, self::readJson(self::UNVERIFIED));
		return self::readJson(self::VERIFIED) + $unverified;
	}

	/** @return array<string, mixed> */
	private static function readJson(string $file): array {
		return json_decode((string)file_get_contents($file), true, 64, JSON_THROW_ON_ERROR);
	}

	/** Key order does not matter (methods are compared by name); a pretty-printed string makes PHPUnit show a diff. */
	private static function toComparableJson(array $entry): string {
		foreach (['@properties', '@constants'] as $group) {
			if (isset($entry[$group])) {
				ksort($entry[$group]);
			}
		}
		ksort($entry);
		return json_encode($entry, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR);
	}

	/** @return list<string> */
	private static function findStubFiles(): array {
		$files = [];
		$iterator = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(self::STUB_DIR, \FilesystemIterator::SKIP_DOTS));
		foreach ($iterator as $file) {
			if ($file->getExtension() === 'php') {
				$files[] = $file->getPathname();
			}
		}
		sort($files);
		return $files;
	}

	/** @return list<string> fully qualified names of the classes, interfaces, traits and enums a file declares */
	private static function readDeclaredTypes(string $file): array {
		$tokens = \PhpToken::tokenize((string)file_get_contents($file));
		$namespace = '';
		$types = [];
		foreach ($tokens as $index => $token) {
			if ($token->is(T_NAMESPACE)) {
				$namespace = self::readNextName($tokens, $index) . '\\';
			} elseif ($token->is([T_CLASS, T_INTERFACE, T_TRAIT, T_ENUM]) && !self::isClassConstantFetch($tokens, $index)) {
				$types[] = $namespace . self::readNextName($tokens, $index);
			}
		}
		return $types;
	}

	/** @param list<\PhpToken> $tokens */
	private static function readNextName(array $tokens, int $index): string {
		for ($i = $index + 1; $i < count($tokens); $i++) {
			if ($tokens[$i]->is([T_STRING, T_NAME_QUALIFIED])) {
				return $tokens[$i]->text;
			}
		}
		return '';
	}

	/** `Foo::class` is not a declaration. @param list<\PhpToken> $tokens */
	private static function isClassConstantFetch(array $tokens, int $index): bool {
		$i = $index - 1;
		while ($i >= 0 && $tokens[$i]->is(T_WHITESPACE)) {
			$i--;
		}
		return $i >= 0 && $tokens[$i]->is(T_DOUBLE_COLON);
	}
}
