-- Access rows of users deleted before these keys existed would block them: they grant nothing to anyone.
DELETE FROM "profiles" WHERE "user_id" NOT IN (SELECT "id" FROM "auth"."users");--> statement-breakpoint
DELETE FROM "user_roles" WHERE "user_id" NOT IN (SELECT "id" FROM "auth"."users");--> statement-breakpoint
DELETE FROM "user_access_scopes" WHERE "user_id" NOT IN (SELECT "id" FROM "auth"."users");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_access_scopes" ADD CONSTRAINT "user_access_scopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;