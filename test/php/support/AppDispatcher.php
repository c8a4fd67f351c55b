<?php

declare(strict_types=1);

/**
 * SPDX-FileCopyrightText: 2026 Nextcloud contributors
 * SPDX-License-Identifier: AGPL-3.0-or-later
 */

// Routes a request through appinfo/routes.php to the real controllers, with Nextcloud's login, admin and CSRF checks.
namespace OCA\McpCompanion\Tests\Support;

use OCP\AppFramework\Http;
use OCP\AppFramework\Http\Attribute\NoAdminRequired;
use OCP\AppFramework\Http\Attribute\NoCSRFRequired;
use OCP\AppFramework\Http\JSONResponse;
use OCP\AppFramework\Http\Response;
use OCP\IGroupManager;
use OCP\IRequest;

class AppDispatcher {
	private const CONTROLLER_NAMESPACE = 'OCA\\McpCompanion\\Controller\\';

	/** @param array{routes: list<array{name: string, url: string, verb: string}>} $routes */
	public function __construct(
		private array $routes,
		private CompanionWiring $wiring,
		private IGroupManager $groupManager,
	) {
	}

	public static function fromRoutesFile(string $file, CompanionWiring $wiring, IGroupManager $groupManager): self {
		return new self(require $file, $wiring, $groupManager);
	}

	/** @param string $path the part after /index.php/apps/mcp_companion, e.g. /api/v1/background-sync/status */
	public function dispatch(IRequest $request, string $path, ?string $userId): Response {
		$match = $this->matchRoute($request->getMethod(), $path);
		if ($match === null) {
			return new JSONResponse(['message' => 'Page not found'], Http::STATUS_NOT_FOUND);
		}
		[$class, $method, $urlParams] = $match;
		$action = new \ReflectionMethod($class, $method);
		$refusal = $this->checkSecurity($action, $request, $userId);
		if ($refusal !== null) {
			return $refusal;
		}
		$controller = $this->wiring->controller($class, $request, $userId);
		try {
			return $action->invokeArgs($controller, $this->bindArguments($action, $urlParams + $request->getParams()));
		} catch (\Exception $e) {
			return $this->wiring->middleware($request)->afterException($controller, $method, $e);
		}
	}

	/** @return array{0: class-string, 1: string, 2: array<string, string>}|null */
	private function matchRoute(string $verb, string $path): ?array {
		foreach ($this->routes['routes'] as $route) {
			$pattern = '#^' . preg_replace('#\\\\\{(\w+)\\\\\}#', '(?P<$1>[^/]+)', preg_quote($route['url'], '#')) . '$#';
			if (strtoupper($route['verb']) === strtoupper($verb) && preg_match($pattern, $path, $found) === 1) {
				[$controller, $method] = explode('#', $route['name']);
				$class = self::CONTROLLER_NAMESPACE . str_replace('_', '', ucwords($controller, '_')) . 'Controller';
				$params = array_map('rawurldecode', array_filter($found, 'is_string', ARRAY_FILTER_USE_KEY));
				return [$class, $method, $params];
			}
		}
		return null;
	}

	/** The answers Nextcloud's SecurityMiddleware gives, in the same order. */
	private function checkSecurity(\ReflectionMethod $action, IRequest $request, ?string $userId): ?JSONResponse {
		if ($userId === null) {
			return new JSONResponse(['message' => 'Current user is not logged in'], Http::STATUS_UNAUTHORIZED);
		}
		if ($action->getAttributes(NoAdminRequired::class) === [] && !$this->groupManager->isAdmin($userId)) {
			return new JSONResponse(['message' => 'Logged in account must be an admin'], Http::STATUS_FORBIDDEN);
		}
		if ($action->getAttributes(NoCSRFRequired::class) === [] && !$request->passesCSRFCheck()) {
			return new JSONResponse(['message' => 'CSRF check failed'], Http::STATUS_PRECONDITION_FAILED);
		}
		return null;
	}

	/** Like Nextcloud's dispatcher: by parameter name, scalars cast to the declared type, else the default. */
	private function bindArguments(\ReflectionMethod $action, array $values): array {
		$arguments = [];
		foreach ($action->getParameters() as $parameter) {
			$value = $values[$parameter->getName()] ?? ($parameter->isDefaultValueAvailable() ? $parameter->getDefaultValue() : null);
			$type = (string)$parameter->getType();
			if ($value !== null && in_array(ltrim($type, '?'), ['int', 'float', 'bool'], true)) {
				settype($value, ltrim($type, '?'));
			}
			$arguments[] = $value;
		}
		return $arguments;
	}
}
