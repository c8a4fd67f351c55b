<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Renders a class or interface by reflection in the format of ocp-signatures.json (see ocp-signatures.md).
namespace OCA\McpCompanion\Tests\Support;

final class SignatureRenderer {
	private const TARGETS = [
		\Attribute::TARGET_CLASS => 'Attribute::TARGET_CLASS',
		\Attribute::TARGET_FUNCTION => 'Attribute::TARGET_FUNCTION',
		\Attribute::TARGET_METHOD => 'Attribute::TARGET_METHOD',
		\Attribute::TARGET_PROPERTY => 'Attribute::TARGET_PROPERTY',
		\Attribute::TARGET_CLASS_CONSTANT => 'Attribute::TARGET_CLASS_CONSTANT',
		\Attribute::TARGET_PARAMETER => 'Attribute::TARGET_PARAMETER',
	];

	/**
	 * One type as an entry of ocp-signatures.json: "@declaration", "@attribute", one key per method,
	 * "@properties", "@constants" (the last three only when there are any).
	 *
	 * @param class-string $type
	 * @return array<string, mixed>
	 */
	public static function renderType(string $type): array {
		$class = new \ReflectionClass($type);
		$entry = ['@declaration' => self::renderDeclaration($class)];
		$attribute = self::renderAttribute($class);
		if ($attribute !== null) {
			$entry['@attribute'] = $attribute;
		}
		foreach (self::publicAndProtectedMethods($class) as $method) {
			$entry[$method->getName()] = self::renderMethod($method, $class);
		}
		$properties = self::renderProperties($class);
		if ($properties !== []) {
			$entry['@properties'] = $properties;
		}
		$constants = self::renderConstants($class);
		if ($constants !== []) {
			$entry['@constants'] = $constants;
		}
		return $entry;
	}

	public static function renderDeclaration(\ReflectionClass $class): string {
		if ($class->isInterface()) {
			$parents = $class->getInterfaceNames();
			sort($parents);
			return 'interface ' . $class->getName() . ($parents === [] ? '' : ' extends ' . implode(', ', $parents));
		}
		$prefix = match (true) {
			$class->isAbstract() => 'abstract ',
			$class->isFinal() => 'final ',
			default => '',
		};
		$parent = $class->getParentClass();
		$interfaces = $class->getInterfaceNames();
		sort($interfaces);
		return $prefix . 'class ' . $class->getName()
			. ($parent === false ? '' : ' extends ' . $parent->getName())
			. ($interfaces === [] ? '' : ' implements ' . implode(', ', $interfaces));
	}

	public static function renderMethod(\ReflectionMethod $method, \ReflectionClass $class): string {
		$prefixes = [];
		if ($method->isProtected()) {
			$prefixes[] = 'protected';
		}
		if ($method->isStatic()) {
			$prefixes[] = 'static';
		}
		if ($method->isAbstract() && !$class->isInterface()) {
			$prefixes[] = 'abstract';
		}
		if ($method->isFinal()) {
			$prefixes[] = 'final';
		}
		$parameters = array_map(self::renderParameter(...), $method->getParameters());
		$signature = $method->getName() . '(' . implode(', ', $parameters) . ')';
		if ($method->hasReturnType()) {
			$signature .= ': ' . self::renderTypeName((string)$method->getReturnType());
		}
		return implode('', array_map(fn (string $prefix) => $prefix . ' ', $prefixes)) . $signature;
	}

	/** @return list<\ReflectionMethod> public and protected, inherited included, without PHP's built-in parents' */
	private static function publicAndProtectedMethods(\ReflectionClass $class): array {
		$methods = $class->getMethods(\ReflectionMethod::IS_PUBLIC | \ReflectionMethod::IS_PROTECTED);
		return array_values(array_filter($methods, fn (\ReflectionMethod $m) => !$m->getDeclaringClass()->isInternal()));
	}

	private static function renderParameter(\ReflectionParameter $parameter): string {
		$text = $parameter->hasType() ? self::renderTypeName((string)$parameter->getType()) . ' ' : '';
		$text .= ($parameter->isPassedByReference() ? '&' : '') . ($parameter->isVariadic() ? '...' : '') . '$' . $parameter->getName();
		if ($parameter->isDefaultValueAvailable()) {
			$text .= ' = ' . self::renderDefault($parameter);
		}
		return $text;
	}

	private static function renderDefault(\ReflectionParameter $parameter): string {
		if ($parameter->isDefaultValueConstant()) {
			$name = (string)$parameter->getDefaultValueConstantName();
			// An unqualified global constant in a namespace is reported with the namespace it falls back from.
			$global = substr($name, (int)strrpos($name, '\\') + (str_contains($name, '\\') ? 1 : 0));
			return !str_contains($name, '::') && !defined($name) && defined($global) ? $global : $name;
		}
		return self::renderLiteral($parameter->getDefaultValue());
	}

	private static function renderLiteral(mixed $value): string {
		return match (true) {
			$value === null => 'null',
			$value === [] => '[]',
			is_bool($value) => $value ? 'true' : 'false',
			is_array($value) => '[' . implode(', ', array_map(
				fn ($key, $item) => (array_is_list($value) ? '' : self::renderLiteral($key) . ' => ') . self::renderLiteral($item),
				array_keys($value),
				$value,
			)) . ']',
			default => var_export($value, true),
		};
	}

	/** Types as PHP reflection prints them, which already has no leading backslash. */
	private static function renderTypeName(string $type): string {
		return ltrim(str_replace(['|\\', '?\\'], ['|', '?'], $type), '\\');
	}

	private static function renderAttribute(\ReflectionClass $class): ?string {
		$attributes = $class->getAttributes(\Attribute::class);
		if ($attributes === []) {
			return null;
		}
		$flags = $attributes[0]->newInstance()->flags;
		$names = ($flags & \Attribute::TARGET_ALL) === \Attribute::TARGET_ALL
			? ['Attribute::TARGET_ALL']
			: array_values(array_filter(self::TARGETS, fn (string $name, int $flag) => ($flags & $flag) !== 0, ARRAY_FILTER_USE_BOTH));
		if (($flags & \Attribute::IS_REPEATABLE) !== 0) {
			$names[] = 'Attribute::IS_REPEATABLE';
		}
		return '#[Attribute(' . implode(' | ', $names) . ')]';
	}

	/** @return array<string, string> */
	private static function renderProperties(\ReflectionClass $class): array {
		$properties = [];
		foreach ($class->getProperties(\ReflectionProperty::IS_PUBLIC | \ReflectionProperty::IS_PROTECTED) as $property) {
			if ($property->getDeclaringClass()->isInternal()) {
				continue;
			}
			$text = ($property->isProtected() ? 'protected ' : 'public ') . ($property->isStatic() ? 'static ' : '');
			$text .= $property->hasType() ? self::renderTypeName((string)$property->getType()) . ' ' : '';
			$properties[$property->getName()] = $text . '$' . $property->getName();
		}
		ksort($properties);
		return $properties;
	}

	/** @return array<string, mixed> */
	private static function renderConstants(\ReflectionClass $class): array {
		$constants = [];
		foreach ($class->getReflectionConstants(\ReflectionClassConstant::IS_PUBLIC) as $constant) {
			if (!$constant->getDeclaringClass()->isInternal()) {
				$constants[$constant->getName()] = $constant->getValue();
			}
		}
		return $constants;
	}
}
