import { useMutation } from "@tanstack/react-query";
import type { LoginBody, RegisterBody, User } from "@/contracts/auth";
import { apiRequest } from "@/client/lib/api";

export function useSignIn() {
  return useMutation({ mutationFn: (body: LoginBody) => apiRequest<User>("POST", "/api/auth/login", body) });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<User>("POST", "/api/auth/register", body),
  });
}
